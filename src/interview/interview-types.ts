import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type Outputs = inferRouterOutputs<AppRouter>['interviews']
type Inputs = inferRouterInputs<AppRouter>['interviews']

export type InterviewAnswer = Outputs['question']
type Heard = {
  transcript: string
  transcriptConfidence?: number
  transcription: { provider: string; model: string; latencyMs: number }
}
/** POST /api/interview/audio-question: the answer, or, for an unsure transcript, the words to confirm. */
export type AudioAnswer =
  | (InterviewAnswer & Heard & { needsConfirmation: false })
  | (Heard & { needsConfirmation: true; transcriptConfidence: number; response: string; sessionId: string })
export type InterviewSession = Outputs['sessionStart']
export type UsageLimits = Outputs['usageLimits']
type InterviewHistory = Outputs['history']
export type HistorySession = InterviewHistory['sessions'][number]
export type HistoryQuestion = HistorySession['questions'][number]
export type UsagePeriod = Outputs['usagePeriods']['periods'][number]
export type GeneratedQuestions = Outputs['generateQuestions']
export type CommunicationFeedback = Outputs['improveCommunication']
export type QuestionAnalysis = Outputs['analyze']
export type Difficulty = NonNullable<Inputs['generateQuestions']['difficulty']>
export type InterviewContext = { resume?: string; role?: string; jobDescription?: string }

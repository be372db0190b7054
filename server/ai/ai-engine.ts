/**
 * What the interview service asks of an AI engine. Implemented by the OpenAI-compatible provider
 * (`providers/openai-compatible.ts`) and, through an adapter, by the offline engine.
 *
 * Every method validates its input with the schemas of `ai-schemas.ts` (defaults applied) and
 * rejects with an `AiProviderError` (see `ai-errors.ts`) when the engine cannot answer.
 */
import type {
  AnalyzeQuestionInput,
  AnswerInput,
  AnswerResult,
  AnswerStreamEvent,
  CommunicationFeedback,
  GenerateQuestionsInput,
  GeneratedQuestions,
  ImproveCommunicationInput,
  QuestionAnalysis,
  ScreenshotAnalysis,
  ScreenshotInput,
  TranscribeInput,
  TranscriptionResult,
} from './ai-schemas.ts'

export type * from './ai-schemas.ts'

export type CallOptions = {
  /** Aborts the call, e.g. when the desktop client disconnects. */
  signal?: AbortSignal
  /** Whom the call is for: the offline recognizer shares its decoders fairly between people. */
  caller?: string
}

export type AiEngine = {
  /** A short name for logs and results, e.g. 'openai-compatible' or 'offline'. */
  readonly provider: string
  answer(input: AnswerInput, options?: CallOptions): Promise<AnswerResult>
  /**
   * The same answer as `answer`, as text deltas followed by exactly one `done` event carrying the
   * full result. Iteration throws an `AiProviderError` when the answer cannot be completed.
   */
  streamAnswer(input: AnswerInput, options?: CallOptions): AsyncIterable<AnswerStreamEvent>
  analyzeScreenshot(input: ScreenshotInput, options?: CallOptions): Promise<ScreenshotAnalysis>
  transcribe(input: TranscribeInput, options?: CallOptions): Promise<TranscriptionResult>
  generateQuestions(input: GenerateQuestionsInput, options?: CallOptions): Promise<GeneratedQuestions>
  improveCommunication(input: ImproveCommunicationInput, options?: CallOptions): Promise<CommunicationFeedback>
  analyzeQuestion(input: AnalyzeQuestionInput, options?: CallOptions): Promise<QuestionAnalysis>
}

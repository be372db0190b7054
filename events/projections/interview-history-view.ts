import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import { interviewEventDefinitions } from '#events/interviews/interview-session.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Projection } from './projection.ts'

export type InterviewSessionsViewTable = {
  session_id: string
  user_id: string
  mode: string
  plan_type: string
  status: 'active' | 'ended'
  started_at: Date
  ended_at: Date | null
  end_reason: string | null
  questions_asked: number
  counted: boolean | null
  last_activity_at: Date
}

export type InterviewQuestionsViewTable = {
  question_id: string
  session_id: string
  user_id: string
  source: string
  question: string | null
  answer: string | null
  transcript: string | null
  context_used: boolean
  provider: string
  model: string
  latency_ms: number
  total_tokens: number
  asked_at: Date
}

const sessionIdOf = (streamId: string) => streamId.slice('interview-'.length)

/** Each person's sessions and the questions asked in them, unsealed for the person's own history. */
export const interviewHistoryProjection: Projection = {
  name: 'interview_history',
  version: 1,
  eventTypes: [...interviewEventDefinitions.map((definition) => definition.type), 'UserErased'],
  apply: async (trx, event) => {
    const userId = event.metadata.userId
    if (!userId) return
    if (event.type === 'UserErased') {
      // The sessions stay for the counts; what was said in them goes.
      await trx
        .updateTable('interview_questions_view')
        .set({ question: null, answer: null, transcript: null })
        .where('user_id', '=', userId)
        .execute()
      return
    }
    if (!event.streamId.startsWith('interview-')) return
    if (!isEventOf(interviewEventDefinitions, event)) return
    const sessionId = sessionIdOf(event.streamId)
    switch (event.type) {
      case 'InterviewSessionStarted':
        await trx
          .insertInto('interview_sessions_view')
          .values({
            session_id: sessionId,
            user_id: userId,
            mode: event.data.mode,
            plan_type: event.data.planType,
            status: 'active',
            started_at: event.createdAt,
            ended_at: null,
            end_reason: null,
            questions_asked: 0,
            counted: null,
            last_activity_at: event.createdAt,
          })
          .onConflict((conflict) => conflict.column('session_id').doNothing())
          .execute()
        return
      case 'InterviewAsked': {
        const key = await keyFor(trx, userId)
        await trx
          .insertInto('interview_questions_view')
          .values({
            question_id: event.data.questionId,
            session_id: sessionId,
            user_id: userId,
            source: event.data.source,
            question: unseal(key, userId, event.data.question) ?? null,
            answer: unseal(key, userId, event.data.answer) ?? null,
            transcript: null,
            context_used: event.data.contextUsed,
            provider: event.data.provider,
            model: event.data.model,
            latency_ms: Math.round(event.data.latencyMs),
            total_tokens: event.data.usage.totalTokens,
            asked_at: event.createdAt,
          })
          .onConflict((conflict) =>
            // An audio question's row exists already with its transcript: complete it.
            conflict.column('question_id').doUpdateSet((eb) => ({
              question: eb.ref('excluded.question'),
              answer: eb.ref('excluded.answer'),
              context_used: eb.ref('excluded.context_used'),
              provider: eb.ref('excluded.provider'),
              model: eb.ref('excluded.model'),
              latency_ms: eb.ref('excluded.latency_ms'),
              total_tokens: eb.ref('excluded.total_tokens'),
            })),
          )
          .execute()
        await trx
          .updateTable('interview_sessions_view')
          .set((eb) => ({ questions_asked: eb('questions_asked', '+', 1), last_activity_at: event.createdAt }))
          .where('session_id', '=', sessionId)
          .execute()
        return
      }
      case 'AudioTranscribed': {
        const key = await keyFor(trx, userId)
        // The transcript arrives just before the question it became; keep it until that row exists.
        await trx
          .updateTable('interview_sessions_view')
          .set({ last_activity_at: event.createdAt })
          .where('session_id', '=', sessionId)
          .execute()
        await trx
          .insertInto('interview_questions_view')
          .values({
            question_id: event.data.questionId,
            session_id: sessionId,
            user_id: userId,
            source: 'audio',
            question: null,
            answer: null,
            transcript: unseal(key, userId, event.data.transcript) ?? null,
            context_used: false,
            provider: event.data.provider,
            model: event.data.model,
            latency_ms: Math.round(event.data.latencyMs),
            total_tokens: 0,
            asked_at: event.createdAt,
          })
          .onConflict((conflict) => conflict.column('question_id').doNothing())
          .execute()
        return
      }
      case 'ScreenshotAnalyzed':
        await trx
          .updateTable('interview_sessions_view')
          .set({ last_activity_at: event.createdAt })
          .where('session_id', '=', sessionId)
          .execute()
        return
      case 'InterviewSessionEnded':
        await trx
          .updateTable('interview_sessions_view')
          .set({
            status: 'ended',
            ended_at: event.createdAt,
            end_reason: event.data.reason,
            counted: event.data.counted,
          })
          .where('session_id', '=', sessionId)
          .execute()
        return
      case 'QuestionsGenerated':
      case 'CommunicationImproved':
        return
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  truncate: async (trx) => {
    await trx.deleteFrom('interview_questions_view').execute()
    await trx.deleteFrom('interview_sessions_view').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('interview_questions_view').where('user_id', '=', userId).execute()
    await trx.deleteFrom('interview_sessions_view').where('user_id', '=', userId).execute()
  },
}

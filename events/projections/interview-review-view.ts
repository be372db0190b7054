import type { Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { answerSources } from '#events/interviews/interview-session.ts'
import type { QuestionCategory } from '#rules/question-category.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'
import { sessionEvent } from './session-event.ts'

export type InterviewReviewSessionsTable = {
  session_id: string
  user_id: string
  mode: string
  status: 'active' | 'ended'
  started_at: Date
  ended_at: Date | null
  duration_ms: number | null
  end_reason: string | null
  question_count: number
}

export type InterviewReviewQuestionsTable = {
  question_id: string
  session_id: string
  user_id: string
  /** The question's place in its session's stream: the order it was asked in. */
  position: number
  asked_at: Date
  mode: (typeof modeOf)[keyof typeof modeOf]
  /** The review's group of the question; 'other' for questions recorded before groups. */
  category: QuestionCategory
  confidence: number | null
  answer_source: (typeof answerSources)[number] | null
  latency_ms: number
  rating: number | null
  rating_note_sealed: string | null
  rated_at: Date | null
}

const modeOf = { text: 'text', audio: 'voice', screenshot: 'screenshot', generated: 'generated' } as const

async function applyToReview(trx: Transaction<EventsDatabase>, stored: StoredEvent): Promise<void> {
  if (stored.type === 'UserErased') {
    // An erased person's reviews are gone, not only their words.
    const userId = stored.metadata.userId
    if (!userId) return
    await trx.deleteFrom('interview_review_questions').where('user_id', '=', userId).execute()
    await trx.deleteFrom('interview_review_sessions').where('user_id', '=', userId).execute()
    return
  }
  const read = sessionEvent(stored)
  if (!read) return
  const { event, sessionId, userId } = read
  const session = trx.updateTable('interview_review_sessions').where('session_id', '=', sessionId)
  switch (event.type) {
    case 'InterviewSessionStarted':
      await trx
        .insertInto('interview_review_sessions')
        .values({
          session_id: sessionId,
          user_id: userId,
          mode: event.data.mode,
          status: 'active',
          started_at: event.createdAt,
          ended_at: null,
          duration_ms: null,
          end_reason: null,
          question_count: 0,
        })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute()
      return
    case 'InterviewAsked':
      await trx
        .insertInto('interview_review_questions')
        .values({
          question_id: event.data.questionId,
          session_id: sessionId,
          user_id: userId,
          position: stored.streamPosition,
          asked_at: event.createdAt,
          mode: modeOf[event.data.source],
          category: event.data.category ?? 'other',
          confidence: event.data.confidence,
          answer_source: event.data.answerSource,
          latency_ms: Math.round(event.data.latencyMs),
          rating: null,
          rating_note_sealed: null,
          rated_at: null,
        })
        .onConflict((conflict) => conflict.column('question_id').doNothing())
        .execute()
      await session.set((eb) => ({ question_count: eb('question_count', '+', 1) })).execute()
      return
    case 'InterviewSessionEnded':
      await session
        .set({
          status: 'ended',
          ended_at: event.createdAt,
          duration_ms: event.data.durationMs,
          end_reason: event.data.reason,
        })
        .execute()
      return
    case 'AnswerRated':
      await trx
        .updateTable('interview_review_questions')
        .set({ rating: event.data.rating, rating_note_sealed: event.data.note, rated_at: event.createdAt })
        .where('question_id', '=', event.data.questionId)
        .where('session_id', '=', sessionId)
        .execute()
      return
    case 'AudioTranscribed':
    case 'ScreenshotAnalyzed':
    case 'QuestionsGenerated':
    case 'CommunicationImproved':
      return
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

/**
 * Each person's interviews as a review reads them: every question in order with its mode, group,
 * answer trust, timing and the candidate's own rating (its note sealed), and per session its
 * duration and count. The words of a question and its answer are the history view's
 * (interview_questions_view), unsealed once when recorded and cleared by erasure. The insights
 * across sessions are read from the same rows.
 */
export const interviewReviewProjection: Projection = {
  name: 'interview_review',
  version: 1,
  eventTypes: ['InterviewSessionStarted', 'InterviewAsked', 'InterviewSessionEnded', 'AnswerRated', 'UserErased'],
  apply: applyToReview,
  ...ownedTables(
    { table: 'interview_review_sessions', key: 'session_id' },
    { table: 'interview_review_questions', key: 'question_id' },
  ),
}

import { sql, type Selectable, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { answerSources } from '#events/interviews/interview-session.ts'
import type { QuestionCategory } from '#rules/question-category.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'
import { foldAround, foldedApply, foldIntoRows, noContext, type RowFold } from './row-fold.ts'
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

type ReviewSessionRow = Selectable<InterviewReviewSessionsTable>
type ReviewQuestionRow = Selectable<InterviewReviewQuestionsTable>

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString())

/** Each session's row: its mode, how it ended and how many questions it holds. */
const sessionsFold: RowFold<ReviewSessionRow> = {
  keyOf: (stored) => sessionEvent(stored)?.sessionId,
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('interview_review_sessions').selectAll().where('session_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.session_id, row]))
  },
  evolve: (row, stored) => {
    const read = sessionEvent(stored)
    if (!read) return row
    const { event, sessionId, userId } = read
    switch (event.type) {
      case 'InterviewSessionStarted':
        return (
          row ?? {
            session_id: sessionId,
            user_id: userId,
            mode: event.data.mode,
            status: 'active',
            started_at: event.createdAt,
            ended_at: null,
            duration_ms: null,
            end_reason: null,
            question_count: 0,
          }
        )
      case 'InterviewAsked':
        return row && { ...row, question_count: row.question_count + 1 }
      case 'InterviewSessionEnded':
        return (
          row && {
            ...row,
            status: 'ended',
            ended_at: event.createdAt,
            duration_ms: event.data.durationMs,
            end_reason: event.data.reason,
          }
        )
      default:
        return row
    }
  },
  save: async (trx, rows) => {
    await sql`insert into interview_review_sessions (session_id, user_id, mode, status, started_at, ended_at,
        duration_ms, end_reason, question_count)
      select * from unnest(
        ${rows.map((row) => row.session_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.mode)}::text[],
        ${rows.map((row) => row.status)}::text[],
        ${rows.map((row) => iso(row.started_at))}::timestamptz[],
        ${rows.map((row) => iso(row.ended_at))}::timestamptz[],
        ${rows.map((row) => row.duration_ms)}::integer[],
        ${rows.map((row) => row.end_reason)}::text[],
        ${rows.map((row) => row.question_count)}::integer[])
      on conflict (session_id) do update set status = excluded.status, ended_at = excluded.ended_at,
        duration_ms = excluded.duration_ms, end_reason = excluded.end_reason,
        question_count = excluded.question_count`.execute(trx)
  },
}

/** Each question's row, as it was asked and as the candidate rated it. */
const questionsFold: RowFold<ReviewQuestionRow> = {
  keyOf: (stored) => {
    const event = sessionEvent(stored)?.event
    return event?.type === 'InterviewAsked' || event?.type === 'AnswerRated' ? event.data.questionId : undefined
  },
  context: noContext,
  load: async (trx, keys) => {
    const rows = await trx
      .selectFrom('interview_review_questions')
      .selectAll()
      .where('question_id', 'in', keys)
      .execute()
    return new Map(rows.map((row) => [row.question_id, row]))
  },
  evolve: (row, stored) => {
    const read = sessionEvent(stored)
    if (!read) return row
    const { event, sessionId, userId } = read
    if (event.type === 'AnswerRated')
      return row?.session_id === sessionId
        ? { ...row, rating: event.data.rating, rating_note_sealed: event.data.note, rated_at: event.createdAt }
        : row
    if (event.type !== 'InterviewAsked' || row) return row
    return {
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
    }
  },
  save: async (trx, rows) => {
    await sql`insert into interview_review_questions (question_id, session_id, user_id, position, asked_at, mode,
        category, confidence, answer_source, latency_ms, rating, rating_note_sealed, rated_at)
      select * from unnest(
        ${rows.map((row) => row.question_id)}::text[],
        ${rows.map((row) => row.session_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.position)}::integer[],
        ${rows.map((row) => iso(row.asked_at))}::timestamptz[],
        ${rows.map((row) => row.mode)}::text[],
        ${rows.map((row) => row.category)}::text[],
        ${rows.map((row) => row.confidence)}::double precision[],
        ${rows.map((row) => row.answer_source)}::text[],
        ${rows.map((row) => row.latency_ms)}::integer[],
        ${rows.map((row) => row.rating)}::integer[],
        ${rows.map((row) => row.rating_note_sealed)}::text[],
        ${rows.map((row) => iso(row.rated_at))}::timestamptz[])
      on conflict (question_id) do update set rating = excluded.rating,
        rating_note_sealed = excluded.rating_note_sealed, rated_at = excluded.rated_at`.execute(trx)
  },
}

/** An erased person's reviews are gone, not only their words. */
async function forgetReviews(trx: Transaction<EventsDatabase>, erasure: StoredEvent) {
  const userId = erasure.metadata.userId
  if (!userId) return
  await trx.deleteFrom('interview_review_questions').where('user_id', '=', userId).execute()
  await trx.deleteFrom('interview_review_sessions').where('user_id', '=', userId).execute()
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
  ...foldedApply((trx, events) =>
    foldAround(
      trx,
      events,
      (event) => event.type === 'UserErased',
      async (part, between) => {
        await foldIntoRows(part, between, sessionsFold)
        await foldIntoRows(part, between, questionsFold)
      },
      forgetReviews,
    ),
  ),
  ...ownedTables(
    { table: 'interview_review_sessions', key: 'session_id' },
    { table: 'interview_review_questions', key: 'question_id' },
  ),
}

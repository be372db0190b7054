import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import { interviewEventDefinitions, type InterviewEvent } from '#events/interviews/interview-session.ts'
import { sql, type Selectable, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'
import { foldIntoRows, type RowFold } from './row-fold.ts'
import { ownedTables } from './owned-tables.ts'
import { sessionEvent } from './session-event.ts'

/** The data of one kind of interview event: the view's columns keep its closed values. */
type DataOf<T extends InterviewEvent['type']> = Extract<InterviewEvent, { type: T }>['data']

export type InterviewSessionsViewTable = {
  session_id: string
  user_id: string
  mode: DataOf<'InterviewSessionStarted'>['mode']
  plan_type: DataOf<'InterviewSessionStarted'>['planType']
  status: 'active' | 'ended'
  started_at: Date
  ended_at: Date | null
  end_reason: DataOf<'InterviewSessionEnded'>['reason'] | null
  questions_asked: number
  counted: boolean | null
  last_activity_at: Date
}

export type InterviewQuestionsViewTable = {
  question_id: string
  session_id: string
  user_id: string
  source: DataOf<'InterviewAsked'>['source']
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

type InterviewSessionRow = Selectable<InterviewSessionsViewTable>

type SessionStarted = Extract<
  NonNullable<ReturnType<typeof sessionEvent>>['event'],
  { type: 'InterviewSessionStarted' }
>

/** A session's row as its start makes it: the batch fold and the one-event path write the same. */
function startedRow(sessionId: string, userId: string, event: SessionStarted): InterviewSessionRow {
  return {
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
  }
}

/** The session row after an event, as one row per session folded in memory (and by `apply` one event at a time). */
const sessionsFold: RowFold<InterviewSessionRow> = {
  keyOf: (event) => sessionEvent(event)?.sessionId,
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('interview_sessions_view').selectAll().where('session_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.session_id, row]))
  },
  evolve: (row, stored) => {
    const read = sessionEvent(stored)
    if (!read) return row
    const { event } = read
    switch (event.type) {
      case 'InterviewSessionStarted':
        return row ?? startedRow(read.sessionId, read.userId, event)
      case 'InterviewAsked':
        return row && { ...row, questions_asked: row.questions_asked + 1, last_activity_at: event.createdAt }
      case 'AudioTranscribed':
      case 'ScreenshotAnalyzed':
        return row && { ...row, last_activity_at: event.createdAt }
      case 'InterviewSessionEnded':
        return (
          row && {
            ...row,
            status: 'ended',
            ended_at: event.createdAt,
            end_reason: event.data.reason,
            counted: event.data.counted,
          }
        )
      case 'AnswerRated':
      case 'QuestionsGenerated':
      case 'CommunicationImproved':
        return row
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  save: async (trx, rows) => {
    const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString())
    await sql`insert into interview_sessions_view (session_id, user_id, mode, plan_type, status, started_at, ended_at,
        end_reason, questions_asked, counted, last_activity_at)
      select * from unnest(
        ${rows.map((row) => row.session_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.mode)}::text[],
        ${rows.map((row) => row.plan_type)}::text[],
        ${rows.map((row) => row.status)}::text[],
        ${rows.map((row) => iso(row.started_at))}::timestamptz[],
        ${rows.map((row) => iso(row.ended_at))}::timestamptz[],
        ${rows.map((row) => row.end_reason)}::text[],
        ${rows.map((row) => row.questions_asked)}::integer[],
        ${rows.map((row) => row.counted)}::boolean[],
        ${rows.map((row) => iso(row.last_activity_at))}::timestamptz[])
      on conflict (session_id) do update set user_id = excluded.user_id, mode = excluded.mode,
        plan_type = excluded.plan_type, status = excluded.status, started_at = excluded.started_at,
        ended_at = excluded.ended_at, end_reason = excluded.end_reason, questions_asked = excluded.questions_asked,
        counted = excluded.counted, last_activity_at = excluded.last_activity_at`.execute(trx)
  },
}

/** The questions' part of an event: what was asked, heard and answered, unsealed; an erasure clears it. */
async function applyToQuestions(trx: Transaction<EventsDatabase>, stored: StoredEvent) {
  const userId = stored.metadata.userId
  if (userId && stored.type === 'UserErased') {
    // The sessions stay for the counts; what was said in them goes.
    await trx
      .updateTable('interview_questions_view')
      .set({ question: null, answer: null, transcript: null })
      .where('user_id', '=', userId)
      .execute()
    return
  }
  const read = sessionEvent(stored)
  if (!read) return
  const { event, sessionId } = read
  if (event.type === 'InterviewAsked') {
    const key = await keyFor(trx, read.userId)
    await trx
      .insertInto('interview_questions_view')
      .values({
        ...questionFields(event, sessionId, read.userId),
        source: event.data.source,
        question: unseal(key, read.userId, event.data.question) ?? null,
        answer: unseal(key, read.userId, event.data.answer) ?? null,
        transcript: null,
        context_used: event.data.contextUsed,
        total_tokens: event.data.usage.totalTokens,
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
  } else if (event.type === 'AudioTranscribed') {
    const key = await keyFor(trx, read.userId)
    // The transcript arrives just before the question it became; keep it until that row exists.
    await trx
      .insertInto('interview_questions_view')
      .values({
        ...questionFields(event, sessionId, read.userId),
        source: 'audio',
        question: null,
        answer: null,
        transcript: unseal(key, read.userId, event.data.transcript) ?? null,
        context_used: false,
        total_tokens: 0,
      })
      .onConflict((conflict) => conflict.column('question_id').doNothing())
      .execute()
  }
}

/** What a question's row takes from either of its events: whose it is, when, and which model answered how fast. */
function questionFields(event: QuestionEvent, sessionId: string, userId: string) {
  return {
    question_id: event.data.questionId,
    session_id: sessionId,
    user_id: userId,
    provider: event.data.provider,
    model: event.data.model,
    latency_ms: Math.round(event.data.latencyMs),
    asked_at: event.createdAt,
  }
}

type QuestionEvent = Extract<
  NonNullable<ReturnType<typeof sessionEvent>>['event'],
  { type: 'InterviewAsked' | 'AudioTranscribed' }
>

/** The session row's part of one event, in place: the reference the batch's fold must match. */
async function applyToSession(trx: Transaction<EventsDatabase>, stored: StoredEvent) {
  const read = sessionEvent(stored)
  if (!read) return
  const { event, sessionId } = read
  const session = trx.updateTable('interview_sessions_view').where('session_id', '=', sessionId)
  switch (event.type) {
    case 'InterviewSessionStarted':
      await trx
        .insertInto('interview_sessions_view')
        .values(startedRow(sessionId, read.userId, event))
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute()
      return
    case 'InterviewAsked':
      await session
        .set((eb) => ({ questions_asked: eb('questions_asked', '+', 1), last_activity_at: event.createdAt }))
        .execute()
      return
    case 'AudioTranscribed':
    case 'ScreenshotAnalyzed':
      await session.set({ last_activity_at: event.createdAt }).execute()
      return
    case 'InterviewSessionEnded':
      await session
        .set({ status: 'ended', ended_at: event.createdAt, end_reason: event.data.reason, counted: event.data.counted })
        .execute()
      return
    case 'AnswerRated':
    case 'QuestionsGenerated':
    case 'CommunicationImproved':
      return
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

/** Each person's sessions and the questions asked in them, unsealed for the person's own history. */
export const interviewHistoryProjection: Projection = {
  name: 'interview_history',
  version: 1,
  eventTypes: [...interviewEventDefinitions.map((definition) => definition.type), 'UserErased'],
  apply: async (trx, event) => {
    await applyToQuestions(trx, event)
    await applyToSession(trx, event)
  },
  // The sessions' rows are folded once per batch; questions stay one event at a time (they need the person's key).
  applyBatch: async (trx, events) => {
    for (const event of events) await applyToQuestions(trx, event)
    await foldIntoRows(trx, events, sessionsFold)
  },
  ...ownedTables(
    { table: 'interview_sessions_view', key: 'session_id' },
    { table: 'interview_questions_view', key: 'question_id' },
  ),
}

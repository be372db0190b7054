import { keysFor, unseal } from '#events/pii/pii-vault.ts'
import { interviewEventDefinitions, type InterviewEvent } from '#events/interviews/interview-session.ts'
import { sql, type Selectable, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'
import { foldAround, foldedApply, foldIntoRows, noContext, type RowFold } from './row-fold.ts'
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

/** A session's row as its start makes it. */
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

/** Each session's row, folded from its events. */
const sessionsFold: RowFold<InterviewSessionRow> = {
  keyOf: (event) => sessionEvent(event)?.sessionId,
  context: noContext,
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

type InterviewQuestionRow = Selectable<InterviewQuestionsViewTable>

/**
 * Each question's row: what was asked, heard and answered, unsealed with the person's key (read once
 * per batch). The transcript arrives just before the question it became, and the question completes
 * that row.
 */
const questionsFold: RowFold<InterviewQuestionRow, Map<string, Buffer>> = {
  keyOf: (stored) => {
    const read = sessionEvent(stored)
    const type = read?.event.type
    return read && (type === 'InterviewAsked' || type === 'AudioTranscribed') ? read.event.data.questionId : undefined
  },
  context: (trx, events) =>
    keysFor(
      trx,
      events.flatMap((event) => event.metadata.userId ?? []),
    ),
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('interview_questions_view').selectAll().where('question_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.question_id, row]))
  },
  evolve: (row, stored, keys) => {
    const read = sessionEvent(stored)
    if (!read) return row
    const { event, sessionId, userId } = read
    const open = (sealed: string) => unseal(keys.get(userId), userId, sealed) ?? null
    if (event.type === 'InterviewAsked') {
      const answered = {
        question: open(event.data.question),
        answer: open(event.data.answer),
        context_used: event.data.contextUsed,
        provider: event.data.provider,
        model: event.data.model,
        latency_ms: Math.round(event.data.latencyMs),
        total_tokens: event.data.usage.totalTokens,
      }
      if (row) return { ...row, ...answered }
      return { ...questionFields(event, sessionId, userId), ...answered, source: event.data.source, transcript: null }
    }
    if (event.type === 'AudioTranscribed')
      return (
        row ?? {
          ...questionFields(event, sessionId, userId),
          source: 'audio',
          question: null,
          answer: null,
          transcript: open(event.data.transcript),
          context_used: false,
          total_tokens: 0,
        }
      )
    return row
  },
  save: async (trx, rows) => {
    await sql`insert into interview_questions_view (question_id, session_id, user_id, source, question, answer,
        transcript, context_used, provider, model, latency_ms, total_tokens, asked_at)
      select * from unnest(
        ${rows.map((row) => row.question_id)}::text[],
        ${rows.map((row) => row.session_id)}::text[],
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.source)}::text[],
        ${rows.map((row) => row.question)}::text[],
        ${rows.map((row) => row.answer)}::text[],
        ${rows.map((row) => row.transcript)}::text[],
        ${rows.map((row) => row.context_used)}::boolean[],
        ${rows.map((row) => row.provider)}::text[],
        ${rows.map((row) => row.model)}::text[],
        ${rows.map((row) => row.latency_ms)}::integer[],
        ${rows.map((row) => row.total_tokens)}::integer[],
        ${rows.map((row) => new Date(row.asked_at).toISOString())}::timestamptz[])
      on conflict (question_id) do update set question = excluded.question, answer = excluded.answer,
        transcript = excluded.transcript, context_used = excluded.context_used, provider = excluded.provider,
        model = excluded.model, latency_ms = excluded.latency_ms, total_tokens = excluded.total_tokens`.execute(trx)
  },
}

/** What was said in an erased person's sessions goes; the sessions stay for the counts. */
async function forgetWords(trx: Transaction<EventsDatabase>, erasure: StoredEvent) {
  const userId = erasure.metadata.userId
  if (!userId) return
  await trx
    .updateTable('interview_questions_view')
    .set({ question: null, answer: null, transcript: null })
    .where('user_id', '=', userId)
    .execute()
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

/** Each person's sessions and the questions asked in them, unsealed for the person's own history. */
export const interviewHistoryProjection: Projection = {
  name: 'interview_history',
  version: 1,
  eventTypes: [...interviewEventDefinitions.map((definition) => definition.type), 'UserErased'],
  ...foldedApply(async (trx, events) => {
    await foldAround(
      trx,
      events,
      (event) => event.type === 'UserErased',
      (part, between) => foldIntoRows(part, between, questionsFold),
      forgetWords,
    )
    await foldIntoRows(trx, events, sessionsFold)
  }),
  ...ownedTables(
    { table: 'interview_sessions_view', key: 'session_id' },
    { table: 'interview_questions_view', key: 'question_id' },
  ),
}

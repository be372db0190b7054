import { sql, type ColumnType, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { Checkpoint } from '#events/store/types.ts'

export type ProjectionFailuresTable = {
  projection: string
  /** xid8 of the failing event's transaction, read as text. */
  transaction_id: string
  global_position: number
  event_id: string
  event_type: string
  stream_id: string
  error: string
  attempts: number
  first_failed_at: ColumnType<Date, Date, Date>
  last_failed_at: ColumnType<Date, Date, Date>
  next_attempt_at: ColumnType<Date, Date, Date>
}

/** A projection halted at an event it could not apply. */
export type ProjectionFailure = {
  projection: string
  position: Checkpoint
  eventId: string
  eventType: string
  streamId: string
  error: string
  attempts: number
  firstFailedAt: Date
  lastFailedAt: Date
  nextAttemptAt: Date
}

/** The event a projection could not apply and why. */
export type FailedEvent = {
  position: Checkpoint
  eventId: string
  eventType: string
  streamId: string
  error: string
}

type Executor = Kysely<EventsDatabase> | Transaction<EventsDatabase>

const firstRetryMs = 5_000
const longestRetryMs = 5 * 60_000
const longestErrorText = 2_000

/** Waits double after each failed attempt, from 5 seconds up to 5 minutes, so a fix is picked up soon. */
export function retryDelayMs(attempts: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), longestRetryMs)
}

async function readFailure(executor: Executor, projection: string): Promise<ProjectionFailure | undefined> {
  const [failure] = await selectFailures(executor).where('projection', '=', projection).execute()
  return failure && toFailure(failure)
}

export async function listFailures(executor: Executor): Promise<ProjectionFailure[]> {
  return (await selectFailures(executor).orderBy('projection').execute()).map(toFailure)
}

/**
 * Records one more failed attempt at the event; a failure at another event than the one recorded
 * (the projection moved on, or was reset) starts the count again.
 */
export async function recordFailure(
  executor: Executor,
  projection: string,
  failed: FailedEvent,
  now: Date,
): Promise<ProjectionFailure> {
  const earlier = await readFailure(executor, projection)
  const sameEvent = earlier?.eventId === failed.eventId
  const attempts = sameEvent ? earlier.attempts + 1 : 1
  const values = {
    transaction_id: sql<string>`${failed.position.transactionId}::xid8`,
    global_position: failed.position.globalPosition,
    event_id: failed.eventId,
    event_type: failed.eventType,
    stream_id: failed.streamId,
    error: storableText(failed.error).slice(0, longestErrorText),
    attempts,
    first_failed_at: sameEvent ? earlier.firstFailedAt : now,
    last_failed_at: now,
    next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
  }
  await executor
    .insertInto('projection_failures')
    .values({ projection, ...values })
    .onConflict((conflict) => conflict.column('projection').doUpdateSet(values))
    .execute()
  const recorded = await readFailure(executor, projection)
  if (!recorded) throw new Error(`The failure of ${projection} was not recorded`)
  return recorded
}

/** Lets the next catch-up try the failing event at once. */
export async function retryFailureNow(executor: Executor, projection: string, now: Date): Promise<void> {
  await executor
    .updateTable('projection_failures')
    .set({ next_attempt_at: now })
    .where('projection', '=', projection)
    .execute()
}

/** Removes the failure once the projection's checkpoint is at or past the failing event. */
export async function clearFailurePassed(
  trx: Transaction<EventsDatabase>,
  projection: string,
  checkpoint: Checkpoint,
): Promise<ProjectionFailure | undefined> {
  const [cleared] = await trx
    .deleteFrom('projection_failures')
    .where('projection', '=', projection)
    .where(
      sql<boolean>`(transaction_id, global_position) <= (${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition}::bigint)`,
    )
    .returning(returnedColumns)
    .execute()
  return cleared && toFailure(cleared)
}

export async function clearFailure(trx: Transaction<EventsDatabase>, projection: string): Promise<void> {
  await trx.deleteFrom('projection_failures').where('projection', '=', projection).execute()
}

const returnedColumns = [
  'projection',
  sql<string>`transaction_id::text`.as('transaction_id'),
  'global_position',
  'event_id',
  'event_type',
  'stream_id',
  'error',
  'attempts',
  'first_failed_at',
  'last_failed_at',
  'next_attempt_at',
] as const

function selectFailures(executor: Executor) {
  return executor.selectFrom('projection_failures').select(returnedColumns)
}

type FailureRow = Selectable<ProjectionFailuresTable>

function toFailure(row: FailureRow): ProjectionFailure {
  return {
    projection: row.projection,
    position: { transactionId: row.transaction_id, globalPosition: row.global_position },
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    error: row.error,
    attempts: row.attempts,
    firstFailedAt: new Date(row.first_failed_at),
    lastFailedAt: new Date(row.last_failed_at),
    nextAttemptAt: new Date(row.next_attempt_at),
  }
}

// The error may quote the very text the database refused; it must not fail to be recorded too.
// eslint-disable-next-line no-control-regex -- replacing the NUL control character is this pattern's job
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function storableText(text: string): string {
  return text.replace(unstorable, '\uFFFD')
}

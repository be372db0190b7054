import { sql, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { isInfrastructureError } from '#events/projections/infrastructure-error.ts'
import type { Projection } from '#events/projections/projection.ts'
import type { LogEntry } from '#events/store/event-store.ts'
import type { Checkpoint } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'

/** How far a batch got: events of the log it passed (of every type), where it ended, and whether that is the log's end. */
export type ShadowBatch = { read: number; position: Checkpoint; atEnd: boolean }

export type ShadowBatchLimits = {
  /** Events of the log one batch passes at most. */
  range: number
  /** Events a projection folding in code applies at most in one batch (each may unseal, parse…). */
  applied: number
}

type Trx = Transaction<EventsDatabase>

/**
 * Applies the next batch of the committed log after `from` into the projection's tables (the
 * caller's transaction points them wherever it likes), the fastest way the projection offers: in
 * one statement inside the database (`applyRange`), else its own event types read in one go and
 * folded in memory (`applyBatch`) or one at a time (`apply`). Whatever refuses the fast way is done
 * again one event at a time, so a failure names the event that cannot be applied.
 */
export async function applyShadowBatch(
  runtime: Runtime,
  trx: Trx,
  projection: Projection,
  from: Checkpoint,
  limits: ShadowBatchLimits,
): Promise<ShadowBatch> {
  if (projection.applyRange) {
    const inSql = await refusedAsUndefined(trx, async () => {
      const applied = await projection.applyRange?.(trx, { after: from, limit: limits.range })
      return applied
        ? { read: applied.count, position: applied.end, atEnd: applied.count < limits.range }
        : { read: 0, position: from, atEnd: true }
    })
    if (inSql) return inSql
  }
  const batch = await runtime.store.readBatchEnd(from, limits.range, trx)
  if (!batch) return { read: 0, position: from, atEnd: true }
  const types = projection.eventTypes === 'all' ? undefined : projection.eventTypes
  const entries = await runtime.store.readRange(from, batch.end, types, trx, limits.applied)
  // Its own events fill the batch before the range ends: the batch ends at the last of them.
  const cut = entries.length === limits.applied ? entries.at(-1) : undefined
  const end = cut ? cut.position : batch.end
  const read = cut ? await runtime.store.countRange({ after: from, upTo: end }, trx) : batch.count
  const atEnd = !cut && batch.count < limits.range
  if (projection.applyBatch) {
    const folded = await refusedAsUndefined(trx, async () => {
      await projection.applyBatch?.(trx, entries.map(decoded))
      return true
    })
    if (folded) return { read, position: end, atEnd }
  }
  for (const entry of entries) await applyOne(trx, projection, entry)
  return { read, position: end, atEnd }
}

/**
 * The work's result, or undefined when it failed on something other than the database: its writes
 * are rolled back to a savepoint so the batch can be done again the slow way.
 */
async function refusedAsUndefined<T>(trx: Trx, work: () => Promise<T>): Promise<T | undefined> {
  await sql`savepoint shadow_batch`.execute(trx)
  try {
    const result = await work()
    await sql`release savepoint shadow_batch`.execute(trx)
    return result
  } catch (error) {
    if (isInfrastructureError(error)) throw error
    await sql`rollback to savepoint shadow_batch`.execute(trx)
    return undefined
  }
}

function decoded(entry: LogEntry) {
  try {
    return entry.decode()
  } catch (error) {
    throw cannotApply(entry, error)
  }
}

async function applyOne(trx: Trx, projection: Projection, entry: LogEntry) {
  const event = decoded(entry)
  try {
    await projection.apply(trx, event)
  } catch (error) {
    if (isInfrastructureError(error)) throw error
    throw cannotApply(entry, error)
  }
}

function cannotApply(entry: LogEntry, error: unknown): Error {
  const why = error instanceof Error ? error.message : String(error)
  return new Error(`${entry.type} ${entry.eventId} at ${entry.position.globalPosition} cannot be applied: ${why}`, {
    cause: error,
  })
}

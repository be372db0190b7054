import { sql, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { startOfLog, type Checkpoint } from '#events/store/types.ts'

/**
 * The projector's own per-projection lock (the same key its runner takes for every batch): while
 * support holds it, no run of that projection can apply an event in between.
 */
export async function lockProjection(trx: Transaction<EventsDatabase>, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`projection:${name}`}))`.execute(trx)
}

/** Where a projection's views stand: the last event it applied, or the start of the log. */
export async function checkpointOf(trx: Transaction<EventsDatabase>, name: string): Promise<Checkpoint> {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst()
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : startOfLog
}

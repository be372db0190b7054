import { sql, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'

/**
 * Serialises the writers of one stream: a transaction-scoped advisory lock, taken before the
 * stream is read, held until commit or rollback. It works across connections and across server
 * instances on one database, and also for a stream that has no row yet. It must be its own
 * statement: under READ COMMITTED a statement's snapshot is taken when it starts, so the read that
 * follows the lock sees everything the previous holder committed.
 *
 * The two-key form keeps stream locks apart from the single-key locks of the projectors; a hash
 * collision between two streams only makes them wait for each other.
 */
export async function lockStream(trx: Transaction<EventsDatabase>, streamId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('event-stream'), hashtext(${streamId}))`.execute(trx)
}

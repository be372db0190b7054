import { sql, type Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'

/**
 * Waits until no transaction on the server is older than an event of the log (transaction ids
 * are the cluster's, so a transaction in any database counts), so a commit-order reader reads the
 * log to its end: a test that checks a view caught up must not race another process's transaction.
 */
export async function logReadableToItsEnd(db: Kysely<EventsDatabase>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ readable: boolean }>`select not exists (select 1 from events
      where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as readable`.execute(db)
    if (rows[0]?.readable) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

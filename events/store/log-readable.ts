import { setTimeout as sleep } from 'node:timers/promises'
import { sql, type Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'

const readableWhere = (last: string | null) => sql<{ readable: boolean }>`
  select not exists (select 1 from events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
    ${last === null ? sql`` : sql`and global_position <= ${last}::bigint`}) as readable`

/**
 * Waits, at most `waitMs`, until a commit-order reader can read every event committed before the
 * call: an event stays unread while any transaction older than it is still open anywhere on the
 * server (transaction ids are the cluster's, so another database's transaction counts too).
 * Usually one query: nothing older is open, and it was readable at once; a reader that had gone
 * through the log meanwhile has to read it again.
 */
export async function untilLogReadable(
  db: Kysely<EventsDatabase>,
  waitMs: number,
): Promise<'readable' | 'became-readable' | 'still-unreadable'> {
  const { rows } = await readableWhere(null).execute(db)
  if (rows[0]?.readable ?? true) return 'readable'
  // Events committed after the call do not count: a steady stream of writers cannot hold it back.
  const { rows: newest } = await sql<{ last: string | null }>`
    select max(global_position)::text as last from events`.execute(db)
  const last = newest[0]?.last ?? null
  const deadline = performance.now() + waitMs
  for (;;) {
    const { rows: now } = await readableWhere(last).execute(db)
    if (now[0]?.readable ?? true) return 'became-readable'
    if (performance.now() >= deadline) return 'still-unreadable'
    await sleep(10)
  }
}

import { sql, type Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'

/**
 * How many events of the log each projection has not read yet (counted after its checkpoint, in
 * the log's commit order); a projection with no checkpoint is behind by the whole log.
 */
export async function projectionLag(
  db: Kysely<EventsDatabase>,
  names: readonly string[],
): Promise<Map<string, number>> {
  const rows = await sql<{ name: string | null; behind: string }>`
    select p.name, (
      select count(*) from events e
      where (e.transaction_id, e.global_position) > (p.transaction_id, p.global_position)
    ) as behind
    from projection_checkpoints p
    union all
    select null, count(*) from events
  `.execute(db)
  const whole = Number(rows.rows.find((row) => row.name === null)?.behind ?? 0)
  const behind = new Map(
    rows.rows.flatMap((row) => (row.name === null ? [] : [[row.name, Number(row.behind)] as const])),
  )
  return new Map(names.map((name) => [name, behind.get(name) ?? whole]))
}

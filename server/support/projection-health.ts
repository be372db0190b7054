import { sql } from 'kysely'
import { projectionLag } from '#server/health/projection-lag.ts'
import type { Runtime } from '#server/runtime.types.ts'

export type ProjectionHealth = {
  /** Events of the log the projection has not applied yet. */
  behindEvents: number
  /** How long the oldest of those has waited (0 when none waits). */
  behindSeconds: number
}

/** Per projection, how far behind the log it is, in events and in the age of the oldest waiting one. */
export async function projectionHealth(
  runtime: Runtime,
  names: readonly string[],
): Promise<Map<string, ProjectionHealth>> {
  const lag = await projectionLag(runtime.db, names)
  const oldest = await sql<{ name: string; oldest: Date | string | null }>`
    select p.name, (
      select e.created_at from events e
      where (e.transaction_id, e.global_position) > (p.transaction_id, p.global_position)
      order by e.transaction_id, e.global_position
      limit 1
    ) as oldest
    from projection_checkpoints p
  `.execute(runtime.db)
  const firstEvent = await runtime.db
    .selectFrom('events')
    .select('created_at')
    .orderBy('transaction_id')
    .orderBy('global_position')
    .limit(1)
    .executeTakeFirst()
  const now = runtime.clock.now().getTime()
  const ageOf = (at: Date | string | null | undefined) =>
    at ? Math.max(0, Math.round((now - new Date(at).getTime()) / 1000)) : 0
  return new Map(
    names.map((name) => {
      const behindEvents = lag.get(name) ?? 0
      const row = oldest.rows.find((candidate) => candidate.name === name)
      const waiting = row ? row.oldest : firstEvent?.created_at
      return [name, { behindEvents, behindSeconds: behindEvents === 0 ? 0 : ageOf(waiting) }]
    }),
  )
}

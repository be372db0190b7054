import type { Selectable } from 'kysely'
import type { Runtime } from '#server/runtime.types.ts'
import type { SupportOpsTables } from './tables.ts'

type RebuildRow = Selectable<SupportOpsTables['projection_rebuilds']>

function progressOf(row: RebuildRow) {
  const until = row.finished_at ?? row.updated_at
  return {
    projection: row.projection,
    status: row.status,
    eventsDone: Number(row.events_done),
    eventsTotal: Number(row.events_total),
    seconds: Math.max(0, (new Date(until).getTime() - new Date(row.started_at).getTime()) / 1000),
    startedBy: row.started_by,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    error: row.error,
  }
}

export type RebuildProgress = ReturnType<typeof progressOf>

/** Where the last rebuild of a projection stands, if it was ever rebuilt by support. */
export async function rebuildProgressOf(runtime: Runtime, projection: string): Promise<RebuildProgress | undefined> {
  const row = await runtime.db
    .selectFrom('projection_rebuilds')
    .selectAll()
    .where('projection', '=', projection)
    .executeTakeFirst()
  return row ? progressOf(row) : undefined
}

/** Every projection support rebuilt, the running ones first. */
export async function rebuildsProgress(runtime: Runtime): Promise<RebuildProgress[]> {
  const rows = await runtime.db.selectFrom('projection_rebuilds').selectAll().orderBy('started_at', 'desc').execute()
  return rows.map(progressOf).sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running'))
}

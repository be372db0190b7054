import { sql, type Kysely } from 'kysely'
import type { Projection } from '#events/projections/projection.ts'

/** A view with order-sensitive columns (last note), so a wrong replay order shows up in comparisons. */
export async function createCounterTable<Schema>(db: Kysely<Schema>) {
  await sql`create table if not exists test_counters (
    stream_id text primary key,
    user_id text,
    total bigint not null default 0,
    increments integer not null default 0,
    notes integer not null default 0,
    last_note text,
    applied_positions text not null default ''
  )`.execute(db)
}

export function counterProjection(version = 1): Projection {
  return {
    name: 'test_counters',
    version,
    eventTypes: ['CounterIncremented', 'NoteAdded'],
    apply: async (trx, event) => {
      const by = event.type === 'CounterIncremented' ? Number(event.data.by) : 0
      const isNote = event.type === 'NoteAdded' ? 1 : 0
      const note = event.type === 'NoteAdded' ? String(event.data.text) : null
      await sql`insert into test_counters (stream_id, user_id, total, increments, notes, last_note, applied_positions)
        values (${event.streamId}, ${event.metadata.userId ?? null}, ${by}, ${1 - isNote}, ${isNote}, ${note}, ${String(event.streamPosition)})
        on conflict (stream_id) do update set
          total = test_counters.total + excluded.total,
          increments = test_counters.increments + excluded.increments,
          notes = test_counters.notes + excluded.notes,
          last_note = coalesce(excluded.last_note, test_counters.last_note),
          applied_positions = test_counters.applied_positions || ',' || excluded.applied_positions`.execute(trx)
    },
    applyBatch: async (trx, events) => {
      const rows = new Map<
        string,
        {
          userId: string | null
          total: number
          increments: number
          notes: number
          note: string | null
          positions: string[]
        }
      >()
      for (const event of events) {
        const row = rows.get(event.streamId) ?? {
          userId: event.metadata.userId ?? null,
          total: 0,
          increments: 0,
          notes: 0,
          note: null,
          positions: [],
        }
        if (event.type === 'NoteAdded') {
          row.notes += 1
          row.note = String(event.data.text)
        } else {
          row.total += Number(event.data.by)
          row.increments += 1
        }
        row.positions.push(String(event.streamPosition))
        rows.set(event.streamId, row)
      }
      if (rows.size === 0) return
      const all = [...rows.entries()]
      await sql`insert into test_counters (stream_id, user_id, total, increments, notes, last_note, applied_positions)
        select * from unnest(${all.map(([streamId]) => streamId)}::text[], ${all.map(([, row]) => row.userId)}::text[],
          ${all.map(([, row]) => row.total)}::bigint[], ${all.map(([, row]) => row.increments)}::integer[],
          ${all.map(([, row]) => row.notes)}::integer[], ${all.map(([, row]) => row.note)}::text[],
          ${all.map(([, row]) => row.positions.join(','))}::text[])
        on conflict (stream_id) do update set
          total = test_counters.total + excluded.total,
          increments = test_counters.increments + excluded.increments,
          notes = test_counters.notes + excluded.notes,
          last_note = coalesce(excluded.last_note, test_counters.last_note),
          applied_positions = test_counters.applied_positions || ',' || excluded.applied_positions`.execute(trx)
    },
    truncate: async (trx) => {
      await sql`delete from test_counters`.execute(trx)
    },
    forgetUser: async (trx, userId) => {
      await sql`delete from test_counters where user_id = ${userId}`.execute(trx)
    },
  }
}

type CounterRow = {
  stream_id: string
  user_id: string | null
  total: number | string
  increments: number
  notes: number
  last_note: string | null
  applied_positions: string
}

export async function readCounters<Schema>(db: Kysely<Schema>) {
  const { rows } = await sql<CounterRow>`select * from test_counters order by stream_id`.execute(db)
  return rows.map((row) => ({ ...row, total: Number(row.total) }))
}

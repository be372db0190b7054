import { sql } from 'kysely'
import { prepareRebuild } from '#server/support/rebuild-projection.ts'
import type { Runtime } from '#server/runtime.types.ts'
import type { DatabaseKind } from '#tests/support/databases.ts'
import { createTestRuntime } from '#tests/support/test-runtime.ts'
import type { Figure } from './event-store-bench.ts'
import { databaseKindsFrom, printRoundedFigures } from './print-figures.ts'

/** Writes `count` events for 2,000 people, 500 per stream, in set-based INSERTs of 50,000 (each within the statement timeout). */
async function generateEvents(db: Runtime['db'], count: number) {
  for (let from = 0; from < count; from += 50_000) {
    const to = Math.min(count, from + 50_000) - 1
    await sql`insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
      select 'support-bench-' || (i / 500), i % 500 + 1, 'InterviewCreditUsed', 1, gen_random_uuid(), person,
        jsonb_build_object('sessionId', gen_random_uuid(), 'orderId', 'bench'),
        jsonb_build_object('actor', jsonb_build_object('type', 'system'), 'userId', person),
        timestamptz '2026-11-24 10:00:00+00' + i * interval '1 millisecond'
      from generate_series(${from}::integer, ${to}::integer) as i,
        lateral (select 'person-' || (i % 2000) as person) as people`.execute(db)
  }
}

/**
 * Support's rebuild of a whole view into shadow tables (the console's "Rebuild"), for
 * `user_activity` over a generated log, beside one `INSERT … SELECT` producing the same rows in the
 * same run.
 */
export async function benchSupportRebuild(kinds: readonly DatabaseKind[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    const count = kind === 'postgres' ? 200_000 : 50_000
    const test = await createTestRuntime(kind)
    try {
      await generateEvents(test.runtime.db, count)
      await sql`create table ceiling_activity (like user_activity including all)`.execute(test.runtime.db)
      const ceilingStarted = performance.now()
      await sql`insert into ceiling_activity (user_id, event_count, first_event_at, last_event_at, last_event_type)
        select user_id, count(*), min(created_at), max(created_at),
          (array_agg(type order by transaction_id desc, global_position desc))[1]
        from events where user_id is not null group by user_id`.execute(test.runtime.db)
      const ceiling = count / ((performance.now() - ceilingStarted) / 1000)
      const started = performance.now()
      const done = await (await prepareRebuild(test.runtime, 'user_activity', 'bench'))()
      const seconds = (performance.now() - started) / 1000
      if (done.eventsDone !== count) throw new Error(`the rebuild passed ${done.eventsDone} of ${count} events`)
      const label = count.toLocaleString('en-US')
      figures.push(
        {
          name: `${kind}: support rebuild of user_activity, ${label} events`,
          value: count / seconds,
          unit: 'events/s',
          note: `${seconds.toFixed(1)} s; ${Math.round((count / seconds / ceiling) * 100)}% of the set-based ceiling`,
        },
        { name: `${kind}: set-based ceiling (INSERT … SELECT), ${label} events`, value: ceiling, unit: 'events/s' },
      )
    } finally {
      await test.close()
    }
  }
  return figures
}

// `node scripts/bench/support-rebuild-bench.ts [--pglite-only|--postgres-only]`: these figures alone.
if (import.meta.main) printRoundedFigures(await benchSupportRebuild(databaseKindsFrom(process.argv.slice(2))))

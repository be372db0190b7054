import { setTimeout as sleep } from 'node:timers/promises'
import { sql, type Kysely } from 'kysely'
import { viewProjections } from '#events/projections/all-projections.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import type { Database } from '#server/db/schema.ts'

/** Every projected view, read whole in a stable order. */
const viewTables = [
  'user_activity',
  'users_view',
  'subscriptions_view',
  'orders_view',
  'interview_sessions_view',
  'interview_questions_view',
  'usage_periods_view',
] as const

async function count(db: Kysely<Database>, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(db)).rows[0]?.n ?? -1
}

/**
 * Until every webhook delivery has its outcome and every projection has read the whole log
 * (bounded: 30 s). The log is read in commit-safe order, (transaction id, position): the last event
 * read is not always the one with the highest position. `logs` says what the servers printed, for
 * the error.
 */
export async function settled(db: Kysely<Database>, logs: () => string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const pending = await count(
      db,
      sql<{ n: number }>`
        select (select count(*) from webhook_deliveries where outcome is null)
             + (select count(*) from projection_checkpoints checkpoint where exists (
                 select 1 from events
                 where (events.transaction_id, events.global_position)
                     > (checkpoint.transaction_id, checkpoint.global_position)))::int as n
      `,
    )
    if (pending === 0) return
    await sleep(100)
  }
  const { rows: state } = await sql`
    select 'checkpoint' as what, name, transaction_id || ' ' || global_position as detail from projection_checkpoints
    union all select 'log head', '', max(global_position)::text from events
    union all select 'pending delivery', event_id, coalesce(last_error, '') from webhook_deliveries where outcome is null
    union all select 'halted', projection, error from projection_failures
    union all select 'log readable below', '', pg_snapshot_xmin(pg_current_snapshot())::text
    union all select 'newest event transaction', '', max(transaction_id)::text from events
    union all select 'open transaction', datname || ' pid ' || pid || ' ' || state || ' since ' || xact_start,
      backend_xid::text || ': ' || left(query, 200)
      from pg_stat_activity where backend_xid is not null
    union all select 'prepared transaction', gid, transaction::text from pg_prepared_xacts
    union all select 'session', pid || ' ' || state || ' ' || coalesce(wait_event_type || '/' || wait_event, '')
      || ' since ' || coalesce(xact_start::text, '-'), left(query, 200)
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
  `.execute(db)
  throw new Error(
    `the servers did not finish the webhooks and projections within 30 s:\n${JSON.stringify(state, null, 1)}\n${logs()}`,
  )
}

/** Every view's rows, as sorted JSON lines per table. */
async function viewSnapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const views: Record<string, string[]> = {}
  for (const table of viewTables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    views[table] = rows.map((row) => JSON.stringify(row)).toSorted()
  }
  return views
}

/**
 * The views as the running servers built them, then as a rebuild from the log builds them: equal
 * when no event was lost, doubled or applied out of order. The servers keep running; `settled`
 * waits for them before each read.
 */
export async function liveAndRebuiltViews(db: Kysely<Database>, logs: () => string) {
  await settled(db, logs)
  const live = await viewSnapshot(db)
  const runner = new ProjectionRunner({ db, projections: viewProjections, registry: eventRegistry })
  for (const projection of viewProjections) await runner.rebuild(projection.name)
  await settled(db, logs)
  return { live, rebuilt: await viewSnapshot(db) }
}

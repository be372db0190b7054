import { sql, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { DomainError } from '#events/domain-error.ts'
import { viewProjections } from '#events/projections/all-projections.ts'
import type { Projection, ViewTable } from '#events/projections/projection.ts'
import { startOfLog } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { rebuildProgressOf, type RebuildProgress } from './rebuild-progress.ts'

/** How many events of the log one batch of a rebuild passes at most. */
type ShadowBatchLimits = {
  /** For a view applying ranges of the log in SQL. */
  range: number
  /** For a view folding events in code (each may unseal, parse…). */
  applied: number
}

/**
 * Each batch is one short transaction: the live projector reads only what every running
 * transaction's start has passed, so a long batch would hold every view back. A range applied in
 * SQL passes 20,000 events in tens of milliseconds; a view folding in code takes 5,000 at a time.
 */
const batchLimits: ShadowBatchLimits = { range: 20_000, applied: 5_000 }
/** A rebuild whose row has not moved for this long died with its process; another may start. */
const staleAfterMs = 5 * 60_000

type Db = Runtime['db']
/** Called after each batch and at the end; the rebuild waits for it. */
type OnProgress = (progress: RebuildProgress) => void | Promise<void>

/** The view projections support may rebuild: a reactor (mail) is never replayed, it would act twice. */
export const rebuildableProjections = (): string[] =>
  viewProjections.filter((projection) => projection.tables).map((projection) => projection.name)

function viewProjection(name: string): { projection: Projection; tables: readonly ViewTable[] } {
  const projection = viewProjections.find((candidate) => candidate.name === name)
  const tables = projection?.tables
  if (!projection || !tables)
    throw new DomainError('not-found', `There is no view ${name}; views: ${rebuildableProjections().join(', ')}`)
  return { projection, tables }
}

/** Takes the projection's rebuild row, refusing while another rebuild of it is moving. */
async function claim(runtime: Runtime, name: string, by: string, total: number) {
  const now = runtime.clock.now()
  const row = { status: 'running' as const, events_done: 0, events_total: total, started_by: by }
  const claimed = await runtime.db
    .insertInto('projection_rebuilds')
    .values({ projection: name, ...row, started_at: now, updated_at: now, finished_at: null, error: null })
    .onConflict((conflict) =>
      conflict
        .column('projection')
        .doUpdateSet({ ...row, started_at: now, updated_at: now, finished_at: null, error: null })
        .where((eb) =>
          eb.or([
            eb('projection_rebuilds.status', '<>', 'running'),
            eb('projection_rebuilds.updated_at', '<', new Date(now.getTime() - staleAfterMs)),
          ]),
        ),
    )
    .returning('projection')
    .executeTakeFirst()
  if (!claimed) throw new DomainError('concurrent-change', `A rebuild of ${name} is already running`)
}

/** Points the transaction's unqualified table names at the rebuild's copies first. */
async function useShadow(trx: Transaction<EventsDatabase>, schema: string) {
  await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx)
}

/**
 * Starts rebuilding a whole view from the log (refused while another rebuild of it runs) and gives
 * the work to run, which rebuilds it without emptying it under its readers: the projection
 * replays into copies of its tables in a schema of its own, batch by batch (short transactions,
 * so the live projector and every write go on), reporting events read out of the log's size; then,
 * holding the projector's lock, it applies what arrived meanwhile, replaces the live rows with the
 * copies and moves the checkpoint in one transaction. Readers see the old rows until that commit.
 */
export async function prepareRebuild(
  runtime: Runtime,
  name: string,
  by: string,
  /** How much one batch may take; tests cut batches small to cross many boundaries. */
  limits: ShadowBatchLimits = batchLimits,
): Promise<(onProgress?: OnProgress) => Promise<RebuildProgress>> {
  const { projection, tables } = viewProjection(name)
  const db: Db = runtime.db
  const count = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const total = Number(count.n)
  await claim(runtime, name, by, total)
  return (onProgress) => rebuildInto(runtime, { name, projection, tables, total, limits, onProgress })
}

async function rebuildInto(
  runtime: Runtime,
  options: {
    name: string
    projection: Projection
    tables: readonly ViewTable[]
    total: number
    limits: ShadowBatchLimits
    onProgress: OnProgress | undefined
  },
): Promise<RebuildProgress> {
  const { name, projection, tables, total, limits } = options
  const db: Db = runtime.db
  const schema = `support_rebuild_${name}`
  const report = async () => {
    const progress = await rebuildProgressOf(runtime, name)
    if (progress) await options.onProgress?.(progress)
    return progress
  }
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
    await sql`create schema ${sql.id(schema)}`.execute(db)
    for (const { table } of tables)
      await sql`create table ${sql.id(schema, table)} (like ${sql.id('public', table)} including all)`.execute(db)
    // The projector itself applies each batch, into the copies the transaction points at.
    const size = projection.applyRange ? limits.range : limits.applied
    const applyNext = (trx: Transaction<EventsDatabase>) => runtime.projections.applyNext(trx, name, position, size)
    let position = startOfLog
    let done = 0
    for (;;) {
      const batch = await db.transaction().execute(async (trx) => {
        await useShadow(trx, schema)
        return applyNext(trx)
      })
      position = batch.position
      done += batch.read
      await moveProgress(runtime, name, done, total)
      await report()
      if (batch.atEnd) break
    }
    await db.transaction().execute(async (trx) => {
      await runtime.projections.lock(trx, [name])
      await useShadow(trx, schema)
      for (;;) {
        const batch = await applyNext(trx)
        position = batch.position
        done += batch.read
        if (batch.atEnd) break
      }
      for (const { table } of tables) {
        await sql`delete from ${sql.id('public', table)}`.execute(trx)
        await sql`insert into ${sql.id('public', table)} select * from ${sql.id(schema, table)}`.execute(trx)
      }
      await sql`
        insert into public.projection_checkpoints (name, version, transaction_id, global_position, events_applied, updated_at)
        values (${name}, ${projection.version}, ${position.transactionId}::xid8, ${position.globalPosition}, ${done}, ${runtime.clock.now()})
        on conflict (name) do update set version = excluded.version, transaction_id = excluded.transaction_id,
          global_position = excluded.global_position, events_applied = excluded.events_applied, updated_at = excluded.updated_at
      `.execute(trx)
      // The rebuilt views got past whatever the projection was halted at, or halt the rebuild before this.
      await sql`delete from public.projection_failures where projection = ${name}`.execute(trx)
      await sql`
        update public.projection_rebuilds set status = 'done', events_done = ${done},
          events_total = greatest(events_total, ${done}), updated_at = ${runtime.clock.now()}, finished_at = ${runtime.clock.now()}
        where projection = ${name}
      `.execute(trx)
    })
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    await db
      .updateTable('projection_rebuilds')
      .set({
        status: 'failed',
        error: why.slice(0, 1000),
        updated_at: runtime.clock.now(),
        finished_at: runtime.clock.now(),
      })
      .where('projection', '=', name)
      .execute()
    await report()
    throw error
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  }
  const finished = await report()
  if (!finished) throw new Error(`The rebuild of ${name} left no record`)
  return finished
}

async function moveProgress(runtime: Runtime, name: string, done: number, total: number) {
  await runtime.db
    .updateTable('projection_rebuilds')
    .set({ events_done: done, events_total: Math.max(total, done), updated_at: runtime.clock.now() })
    .where('projection', '=', name)
    .execute()
}

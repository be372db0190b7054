import { sql, type Kysely, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from '#events/store/event-definition.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { startOfLog, type Checkpoint } from '#events/store/types.ts'
import { handles, type Projection } from './projection.ts'

/** What the runner reports through; any structured logger fits. */
export type ProjectionLog = Record<'debug' | 'info', (message: string, fields?: Record<string, unknown>) => void>

export type CatchUpResult = { projection: string; applied: number; batches: number; checkpoint: Checkpoint }

/**
 * Runs projections over the log. Each batch of events and the checkpoint that follows it commit in
 * one transaction, under a per-projection advisory lock, so a re-run, a crash between batches, or
 * two runners (in-process and Inngest, or two servers) never apply an event twice.
 */
export class ProjectionRunner {
  readonly #db: Kysely<EventsDatabase>
  readonly #projections: readonly Projection[]
  readonly #log: ProjectionLog | undefined
  readonly #batchSize: number
  readonly #reader: ReturnType<typeof createEventStore>
  /** One run at a time per projection within this process; the lock covers other processes. */
  readonly #running = new Map<string, Promise<unknown>>()

  constructor(options: {
    db: Kysely<EventsDatabase>
    projections: readonly Projection[]
    registry: EventRegistry
    log?: ProjectionLog
    batchSize?: number
  }) {
    this.#db = options.db
    this.#projections = options.projections
    this.#log = options.log
    this.#batchSize = options.batchSize ?? 500
    // The runner only reads; a store without a clock or notifier is enough.
    this.#reader = createEventStore({ db: options.db, registry: options.registry, clock: { now: () => new Date() } })
  }

  get names(): string[] {
    return this.#projections.map((projection) => projection.name)
  }

  /** Applies every committed event the projection has not seen, batch by batch. */
  catchUp(name: string): Promise<CatchUpResult> {
    return this.#exclusive(name, async () => {
      const projection = this.#find(name)
      let applied = 0
      let batches = 0
      let checkpoint: Checkpoint
      for (;;) {
        const batch = await this.#db.transaction().execute((trx) => this.#applyBatch(trx, projection))
        checkpoint = batch.checkpoint
        applied += batch.applied
        if (batch.read > 0) batches += 1
        if (batch.read < this.#batchSize) break
      }
      if (applied > 0) this.#log?.debug('projection caught up', { projection: name, applied, batches })
      return { projection: name, applied, batches, checkpoint }
    })
  }

  async catchUpAll(): Promise<CatchUpResult[]> {
    const results: CatchUpResult[] = []
    for (const name of this.names) results.push(await this.catchUp(name))
    return results
  }

  /** Empties the projection's views and replays the whole log into them. */
  async rebuild(name: string): Promise<CatchUpResult> {
    await this.#exclusive(name, () =>
      this.#db.transaction().execute(async (trx) => {
        const projection = this.#find(name)
        await lockProjection(trx, name)
        await projection.truncate(trx)
        await this.#saveCheckpoint(trx, projection, startOfLog, 0, 'reset')
      }),
    )
    return this.catchUp(name)
  }

  /**
   * Rebuilds one user's rows in every per-user projection from that user's events up to each
   * projection's checkpoint, in one transaction per projection so live runs cannot interleave.
   */
  async rebuildUser(userId: string): Promise<{ projection: string; replayed: number }[]> {
    const results: { projection: string; replayed: number }[] = []
    for (const projection of this.#projections) {
      const { forgetUser } = projection
      if (!forgetUser) continue
      const replayed = await this.#exclusive(projection.name, () =>
        this.#db.transaction().execute(async (trx) => {
          await lockProjection(trx, projection.name)
          const checkpoint = await this.#checkpoint(trx, projection)
          await forgetUser(trx, userId)
          const events = await this.#reader.readByUser(userId, { executor: trx, upTo: checkpoint })
          let count = 0
          for (const event of events) {
            if (!handles(projection, event.type)) continue
            await projection.apply(trx, event)
            count += 1
          }
          return count
        }),
      )
      results.push({ projection: projection.name, replayed })
    }
    return results
  }

  /** Where each projection stands, for health checks and support. */
  async status() {
    const rows = await this.#db.selectFrom('projection_checkpoints').selectAll().execute()
    return this.#projections.map((projection) => {
      const row = rows.find((candidate) => candidate.name === projection.name)
      return {
        name: projection.name,
        version: projection.version,
        storedVersion: row ? row.version : undefined,
        eventsApplied: row ? row.events_applied : 0,
        checkpoint: row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : startOfLog,
        updatedAt: row?.updated_at,
      }
    })
  }

  async #applyBatch(trx: Transaction<EventsDatabase>, projection: Projection) {
    await lockProjection(trx, projection.name)
    const checkpoint = await this.#checkpoint(trx, projection)
    const events = await this.#reader.readAll(checkpoint, this.#batchSize, trx)
    let applied = 0
    for (const event of events) {
      if (!handles(projection, event.type)) continue
      await projection.apply(trx, event)
      applied += 1
    }
    const last = events.at(-1)
    const next = last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : checkpoint
    if (last) await this.#saveCheckpoint(trx, projection, next, events.length, 'advance')
    return { read: events.length, applied, checkpoint: next }
  }

  /** Reads the checkpoint, starting the projection over when its version changed. */
  async #checkpoint(trx: Transaction<EventsDatabase>, projection: Projection): Promise<Checkpoint> {
    const row = await trx
      .selectFrom('projection_checkpoints')
      .select(['version', sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where('name', '=', projection.name)
      .executeTakeFirst()
    if (row?.version === projection.version) {
      return { transactionId: row.transaction_id, globalPosition: row.global_position }
    }
    if (row) {
      this.#log?.info('projection version changed: rebuilding', {
        projection: projection.name,
        from: row.version,
        to: projection.version,
      })
      await projection.truncate(trx)
    }
    await this.#saveCheckpoint(trx, projection, startOfLog, 0, 'reset')
    return startOfLog
  }

  async #saveCheckpoint(
    trx: Transaction<EventsDatabase>,
    projection: Projection,
    checkpoint: Checkpoint,
    eventsRead: number,
    mode: 'advance' | 'reset',
  ) {
    const now = new Date()
    await trx
      .insertInto('projection_checkpoints')
      .values({
        name: projection.name,
        version: projection.version,
        transaction_id: sql<string>`${checkpoint.transactionId}::xid8`,
        global_position: checkpoint.globalPosition,
        events_applied: eventsRead,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({
          version: projection.version,
          transaction_id: sql<string>`${checkpoint.transactionId}::xid8`,
          global_position: checkpoint.globalPosition,
          events_applied: mode === 'reset' ? 0 : sql<number>`projection_checkpoints.events_applied + ${eventsRead}`,
          updated_at: now,
        }),
      )
      .execute()
  }

  #find(name: string): Projection {
    const projection = this.#projections.find((candidate) => candidate.name === name)
    if (!projection) throw new Error(`Unknown projection ${name}`)
    return projection
  }

  async #exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#running.get(name) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(work)
    this.#running.set(name, next)
    try {
      return await next
    } finally {
      if (this.#running.get(name) === next) this.#running.delete(name)
    }
  }
}

/** Held until the transaction ends; another runner of the same projection waits its turn. */
async function lockProjection(trx: Transaction<EventsDatabase>, name: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`projection:${name}`}))`.execute(trx)
}

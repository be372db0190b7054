import { sql, type Kysely, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from '#events/store/event-definition.ts'
import { createEventStore, type LogEntry } from '#events/store/event-store.ts'
import { startOfLog, type Checkpoint } from '#events/store/types.ts'
import { isInfrastructureError } from './infrastructure-error.ts'
import { handles, type Projection } from './projection.ts'
import {
  clearFailure,
  clearFailurePassed,
  listFailures,
  readFailure,
  recordFailure,
  retryFailureNow,
  type FailedEvent,
  type ProjectionFailure,
} from './projection-failures.ts'

/** What the runner reports through; any structured logger fits. */
export type ProjectionLog = Record<
  'debug' | 'info' | 'error',
  (message: string, fields?: Record<string, unknown>) => void
>

export type CatchUpResult = {
  projection: string
  applied: number
  batches: number
  checkpoint: Checkpoint
  /** Set when the projection is halted at an event it cannot apply. */
  stuck?: ProjectionFailure
}

type BatchOutcome = {
  read: number
  applied: number
  /** The batch stopped just before the failing event it was given. */
  halted: boolean
  checkpoint: Checkpoint
  /** The recorded failure the batch got past, now removed. */
  resolved: ProjectionFailure | undefined
}

/** Thrown inside a batch's transaction so it rolls back; the run then applies what came before. */
class PoisonedEvent extends Error {
  readonly failed: FailedEvent
  constructor(failed: FailedEvent, cause: unknown) {
    super(`Cannot apply ${failed.eventType} ${failed.eventId}: ${failed.error}`, { cause })
    this.name = 'PoisonedEvent'
    this.failed = failed
  }
}

/**
 * Runs projections over the log. Each batch of events and the checkpoint that follows it commit in
 * one transaction, under a per-projection advisory lock, so a re-run, a crash between batches, or
 * two runners (in-process and Inngest, or two servers) never apply an event twice.
 *
 * An event a projection cannot apply halts that projection just before it: the events ahead of it
 * are applied and checkpointed, the failure is recorded (projection_failures) and retried with a
 * growing delay, later events wait, and the other projections go on. Errors of the database itself
 * are not the event's fault: they fail the run instead, to be retried whole.
 */
export class ProjectionRunner {
  readonly #db: Kysely<EventsDatabase>
  readonly #projections: readonly Projection[]
  readonly #log: ProjectionLog | undefined
  readonly #batchSize: number
  readonly #reader: ReturnType<typeof createEventStore>
  readonly #now: () => Date
  /** One run at a time per projection within this process; the lock covers other processes. */
  readonly #running = new Map<string, Promise<unknown>>()
  /**
   * Projections this runner has run. A recorded failure waits out its delay only for these: a
   * process that just started may carry the fix, so its first run tries the event at once.
   */
  readonly #tried = new Set<string>()

  constructor(options: {
    db: Kysely<EventsDatabase>
    projections: readonly Projection[]
    registry: EventRegistry
    log?: ProjectionLog
    batchSize?: number
    /** The time failures are recorded and retried by. */
    now?: () => Date
  }) {
    this.#db = options.db
    this.#projections = options.projections
    this.#log = options.log
    this.#batchSize = options.batchSize ?? 500
    this.#now = options.now ?? (() => new Date())
    // The runner only reads; a store without a clock or notifier is enough.
    this.#reader = createEventStore({ db: options.db, registry: options.registry, clock: { now: () => new Date() } })
  }

  get names(): string[] {
    return this.#projections.map((projection) => projection.name)
  }

  /**
   * Applies every committed event the projection has not seen, batch by batch, up to an event it
   * cannot apply (`stuck` in the result). Throws only when the database fails.
   */
  catchUp(name: string): Promise<CatchUpResult> {
    return this.#exclusive(name, async () => {
      const projection = this.#find(name)
      let known = await readFailure(this.#db, name)
      if (known && this.#tried.has(name) && known.nextAttemptAt > this.#now()) {
        const checkpoint = await this.#storedCheckpoint(name)
        return { projection: name, applied: 0, batches: 0, checkpoint, stuck: known }
      }
      this.#tried.add(name)
      let applied = 0
      let batches = 0
      let checkpoint: Checkpoint
      let failing: FailedEvent | undefined
      let halted: boolean
      for (;;) {
        let batch: BatchOutcome
        try {
          batch = await this.#applyBatchIn(projection, failing, known)
        } catch (error) {
          if (!(error instanceof PoisonedEvent)) throw error
          // Rolled back: run the batch again, this time stopping just before that event.
          failing = error.failed
          continue
        }
        checkpoint = batch.checkpoint
        applied += batch.applied
        if (batch.read > 0) batches += 1
        if (batch.resolved) {
          known = undefined
          this.#log?.info('projection applied the event it had failed on and goes on', describe(batch.resolved))
        }
        halted = batch.halted
        if (halted || batch.read < this.#batchSize) break
      }
      if (applied > 0) this.#log?.debug('projection caught up', { projection: name, applied, batches })
      if (!failing || !halted) return { projection: name, applied, batches, checkpoint }
      // In its own transaction: the batch that met the event was rolled back.
      const stuck = await recordFailure(this.#db, name, failing, this.#now())
      this.#log?.error('projection halted at an event it cannot apply; its later events wait', describe(stuck))
      return { projection: name, applied, batches, checkpoint, stuck }
    })
  }

  /** Tries a halted projection's failing event now instead of after its delay, in every process. */
  async retryNow(name: string): Promise<CatchUpResult> {
    this.#find(name)
    await retryFailureNow(this.#db, name, this.#now())
    return this.catchUp(name)
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
        await clearFailure(trx, name)
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

  /** Where each projection stands and the event it is halted at, if any, for readiness and support. */
  async status() {
    const rows = await this.#db
      .selectFrom('projection_checkpoints')
      .select([
        'name',
        'version',
        sql<string>`transaction_id::text`.as('transaction_id'),
        'global_position',
        'events_applied',
        'updated_at',
      ])
      .execute()
    const failures = await listFailures(this.#db)
    return this.#projections.map((projection) => {
      const row = rows.find((candidate) => candidate.name === projection.name)
      return {
        name: projection.name,
        version: projection.version,
        storedVersion: row ? row.version : undefined,
        eventsApplied: row ? row.events_applied : 0,
        checkpoint: row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : startOfLog,
        updatedAt: row?.updated_at,
        stuck: failures.find((failure) => failure.projection === projection.name),
      }
    })
  }

  /**
   * One batch in its own transaction. Given `failing`, it stops just before that event; given the
   * `known` recorded failure, it removes it in the same commit once the checkpoint passes it.
   */
  #applyBatchIn(projection: Projection, failing?: FailedEvent, known?: ProjectionFailure): Promise<BatchOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      const batch = await this.#applyBatch(trx, projection, failing)
      const resolved = known ? await clearFailurePassed(trx, projection.name, batch.checkpoint) : undefined
      return { ...batch, resolved }
    })
  }

  async #applyBatch(trx: Transaction<EventsDatabase>, projection: Projection, failing?: FailedEvent) {
    await lockProjection(trx, projection.name)
    const checkpoint = await this.#checkpoint(trx, projection)
    const entries = await this.#reader.readLog(checkpoint, this.#batchSize, trx)
    let applied = 0
    let read = 0
    let halted = false
    for (const entry of entries) {
      if (entry.eventId === failing?.eventId) {
        halted = true
        break
      }
      read += 1
      if (!handles(projection, entry.type)) continue
      await applyEntry(trx, projection, entry)
      applied += 1
    }
    const last = entries[read - 1]
    const next = last ? last.position : checkpoint
    if (last) await this.#saveCheckpoint(trx, projection, next, read, 'advance')
    return { read, applied, halted, checkpoint: next }
  }

  async #storedCheckpoint(name: string): Promise<Checkpoint> {
    const row = await this.#db
      .selectFrom('projection_checkpoints')
      .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where('name', '=', name)
      .executeTakeFirst()
    return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : startOfLog
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
    // A new version starts over: what the old one could not apply, it may.
    await clearFailure(trx, projection.name)
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

/** Decodes and applies one event; what goes wrong with the event itself becomes a PoisonedEvent. */
async function applyEntry(trx: Transaction<EventsDatabase>, projection: Projection, entry: LogEntry) {
  try {
    await projection.apply(trx, entry.decode())
  } catch (error) {
    if (isInfrastructureError(error)) throw error
    const failed = {
      position: entry.position,
      eventId: entry.eventId,
      eventType: entry.type,
      streamId: entry.streamId,
      error: error instanceof Error ? error.message : String(error),
    }
    throw new PoisonedEvent(failed, error)
  }
}

function describe(failure: ProjectionFailure) {
  return {
    projection: failure.projection,
    position: failure.position,
    eventId: failure.eventId,
    eventType: failure.eventType,
    error: failure.error,
    attempts: failure.attempts,
    failingSince: failure.firstFailedAt.toISOString(),
    nextAttemptAt: failure.nextAttemptAt.toISOString(),
  }
}

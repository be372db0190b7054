import { sql, type Kysely, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from '#events/store/event-definition.ts'
import type { LogEntry } from '#events/store/event-rows.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { startOfLog, type Checkpoint, type StoredEvent } from '#events/store/types.ts'
import { isInfrastructureError } from './infrastructure-error.ts'
import type { LogRange } from './log-range.ts'
import { handles, type Projection } from './projection.ts'
import {
  clearFailure,
  clearFailurePassed,
  listFailures,
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

/** Where one projection of a run stands. */
type Progress = {
  projection: Projection
  applied: number
  batches: number
  checkpoint: Checkpoint
  /** The event the run stops just before: found failing in an earlier attempt at the batch. */
  failing: FailedEvent | undefined
  /** Its recorded failure, removed in the commit whose checkpoint passes it. */
  known: ProjectionFailure | undefined
  /** Applies one event at a time: its batch apply failed, and only that finds the failing event. */
  precise: boolean
  /** Stopped just before `failing`, or caught up. */
  done: boolean
  halted: boolean
}

/** Events of the types projections fold in memory read at a time within a batch. */
const eventsPerRead = 5000

/** Thrown inside a batch's transaction so it rolls back; the run then applies what came before. */
class PoisonedEvent extends Error {
  readonly projection: string
  readonly failed: FailedEvent
  constructor(projection: string, failed: FailedEvent, cause: unknown) {
    super(`Cannot apply ${failed.eventType} ${failed.eventId}: ${failed.error}`, { cause })
    this.name = 'PoisonedEvent'
    this.projection = projection
    this.failed = failed
  }
}

/** A batch apply failed on something in the batch: the run retries it one event at a time. */
class BatchRefused extends Error {
  readonly projection: string
  constructor(projection: string, cause: unknown) {
    super(`The batch of ${projection} failed`, { cause })
    this.name = 'BatchRefused'
    this.projection = projection
  }
}

/**
 * Runs projections over the log. Each batch of events and the checkpoints that follow it commit in
 * one transaction, under per-projection advisory locks, so a re-run, a crash between batches, or
 * two runners (in-process and Inngest, or two servers) never apply an event twice. Projections run
 * together share one read of the log per batch and one write of their checkpoints; each applies
 * its part of the batch set-based when it can (`applyBatch`).
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
    this.#batchSize = options.batchSize ?? 100_000
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
  async catchUp(name: string): Promise<CatchUpResult> {
    const [result] = await this.#catchUpTogether([this.#find(name)])
    if (!result) throw new Error(`No result for ${name}`)
    return result
  }

  /** Tries a halted projection's failing event now instead of after its delay, in every process. */
  async retryNow(name: string): Promise<CatchUpResult> {
    this.#find(name)
    await retryFailureNow(this.#db, name, this.#now())
    return this.catchUp(name)
  }

  /** Every projection, from one read of the log per batch. */
  catchUpAll(): Promise<CatchUpResult[]> {
    return this.#catchUpTogether(this.#projections)
  }

  /** `backlog`: the log ahead is long (a rebuild), so even the first batch is a full one. */
  #catchUpTogether(projections: readonly Projection[], backlog = false): Promise<CatchUpResult[]> {
    const names = projections.map((projection) => projection.name)
    return this.#exclusive(names, async () => {
      const failures = await listFailures(this.#db)
      const results = new Map<string, CatchUpResult>()
      const running: Progress[] = []
      for (const projection of projections) {
        const known = failures.find((failure) => failure.projection === projection.name)
        if (known && this.#tried.has(projection.name) && known.nextAttemptAt > this.#now()) {
          const checkpoint = await storedCheckpoint(this.#db, projection.name)
          results.set(projection.name, {
            projection: projection.name,
            applied: 0,
            batches: 0,
            checkpoint,
            stuck: known,
          })
          continue
        }
        this.#tried.add(projection.name)
        running.push(newProgress(projection, known))
      }
      for (
        let open = running, large = backlog;
        open.length > 0;
        open = running.filter((progress) => !progress.done), large = true
      ) {
        try {
          await this.#db.transaction().execute((trx) => this.#applyBatch(trx, open, large))
        } catch (error) {
          const progress = running.find(
            (candidate) =>
              (error instanceof PoisonedEvent || error instanceof BatchRefused) &&
              candidate.projection.name === error.projection,
          )
          if (!progress) throw error
          // Rolled back: run the batch again, one event at a time or stopping just before that event.
          if (error instanceof PoisonedEvent) progress.failing = error.failed
          else progress.precise = true
        }
      }
      for (const progress of running) {
        const { projection, applied, batches, checkpoint, failing, halted } = progress
        const name = projection.name
        if (applied > 0) this.#log?.debug('projection caught up', { projection: name, applied, batches })
        if (!failing || !halted) {
          results.set(name, { projection: name, applied, batches, checkpoint })
          continue
        }
        // In its own transaction: the batch that met the event was rolled back.
        const stuck = await recordFailure(this.#db, name, failing, this.#now())
        this.#log?.error('projection halted at an event it cannot apply; its later events wait', describe(stuck))
        results.set(name, { projection: name, applied, batches, checkpoint, stuck })
      }
      return names.flatMap((name) => results.get(name) ?? [])
    })
  }

  /** Empties the projection's views and replays the whole log into them. */
  async rebuild(name: string): Promise<CatchUpResult> {
    const projection = this.#find(name)
    await this.#reset([projection])
    const [result] = await this.#catchUpTogether([projection], true)
    if (!result) throw new Error(`No result for ${name}`)
    return result
  }

  /** Empties every projection's views and replays the whole log into all of them, from one read per batch. */
  async rebuildAll(): Promise<CatchUpResult[]> {
    await this.#reset(this.#projections)
    return this.#catchUpTogether(this.#projections, true)
  }

  /** Empties the projections' views and moves their checkpoints back to the start, in one transaction. */
  async #reset(projections: readonly Projection[]) {
    const names = projections.map((projection) => projection.name)
    await this.#exclusive(names, () =>
      this.#db.transaction().execute(async (trx) => {
        await lockProjections(trx, names)
        for (const projection of projections) {
          await projection.truncate(trx)
          await clearFailure(trx, projection.name)
        }
        await this.#saveCheckpoints(
          trx,
          projections.map((projection) => ({ projection, checkpoint: startOfLog, read: 0 })),
          'reset',
        )
      }),
    )
  }

  /**
   * Rebuilds one user's rows in every per-user projection from that user's events up to each
   * projection's checkpoint, in one transaction per projection so live runs cannot interleave.
   */
  async rebuildUser(userId: string): Promise<{ projection: string; replayed: number }[]> {
    const results: { projection: string; replayed: number }[] = []
    for (const projection of this.#perPerson()) {
      const replayed = await this.#exclusive([projection.name], () =>
        this.#db.transaction().execute(async (trx) => {
          await lockProjections(trx, [projection.name])
          const [checkpoint] = await this.#checkpoints(trx, [projection])
          return this.#replayPerson(trx, projection, userId, checkpoint ?? startOfLog)
        }),
      )
      results.push({ projection: projection.name, replayed })
    }
    return results
  }

  /**
   * Takes these projections' locks, the ones every run of them takes, until the caller's transaction
   * ends: no run of them applies an event in between.
   */
  async lock(trx: Transaction<EventsDatabase>, names: readonly string[]): Promise<void> {
    for (const name of names) this.#find(name)
    await lockProjections(trx, names)
  }

  /** The projections that keep rows per person and can replay one person alone. */
  get perPerson(): string[] {
    return this.#perPerson().map((projection) => projection.name)
  }

  /**
   * Replays one person's events into every per-person view inside the caller's transaction, which
   * holds their locks (`lock` of `perPerson`): support's replay, which compares the rows before and
   * after and may roll it all back. The same replay as `rebuildUser`, up to each stored checkpoint.
   */
  async replayPersonIn(
    trx: Transaction<EventsDatabase>,
    userId: string,
  ): Promise<{ projection: string; replayed: number }[]> {
    const results: { projection: string; replayed: number }[] = []
    for (const projection of this.#perPerson()) {
      const checkpoint = await storedCheckpoint(trx, projection.name)
      results.push({
        projection: projection.name,
        replayed: await this.#replayPerson(trx, projection, userId, checkpoint),
      })
    }
    return results
  }

  /**
   * Applies the projection's next batch of the log after `from` (at most `size` events) into
   * whatever tables the caller's transaction points at (support's shadow copies of its views), the
   * way a run applies a batch but without checkpoint or lock; answers where it ended. A batch
   * refused set-based is applied again one event at a time, so a failure names its event.
   */
  async applyNext(
    trx: Transaction<EventsDatabase>,
    name: string,
    from: Checkpoint,
    size: number,
  ): Promise<{ read: number; position: Checkpoint; atEnd: boolean }> {
    const progress = newProgress(this.#find(name), undefined)
    for (;;) {
      await sql`savepoint apply_next`.execute(trx)
      try {
        const { batch, outcomes } = await this.#applyFrom(trx, [{ progress, own: from }], size)
        await sql`release savepoint apply_next`.execute(trx)
        const [outcome] = outcomes
        return { read: outcome?.read ?? 0, position: outcome?.checkpoint ?? from, atEnd: !batch || batch.count < size }
      } catch (error) {
        if (isInfrastructureError(error)) throw error
        await sql`rollback to savepoint apply_next`.execute(trx)
        if (error instanceof BatchRefused && !progress.precise) {
          progress.precise = true
          continue
        }
        if (!(error instanceof PoisonedEvent)) throw error
        const { eventType, eventId, position } = error.failed
        throw new Error(
          `${eventType} ${eventId} at ${position.globalPosition} cannot be applied: ${error.failed.error}`,
          {
            cause: error,
          },
        )
      }
    }
  }

  #perPerson(): Projection[] {
    return this.#projections.filter((projection) => projection.forgetUser !== undefined)
  }

  /** Forgets the person's rows and applies their events up to `upTo`, set-based as a batch; answers how many. */
  async #replayPerson(trx: Transaction<EventsDatabase>, projection: Projection, userId: string, upTo: Checkpoint) {
    await projection.forgetUser?.(trx, userId)
    const range = { after: startOfLog, upTo, userId }
    const types = typesOf([projection])
    if (projection.applyRange) {
      await projection.applyRange(trx, range)
      return this.#reader.countRange({ ...range, types }, trx)
    }
    const events = await this.#reader.readByUser(userId, { executor: trx, upTo, types })
    if (projection.applyBatch) await projection.applyBatch(trx, events)
    else for (const event of events) await projection.apply(trx, event)
    return events.length
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
   * One batch for every open projection, inside the caller's transaction: where the next batch of
   * the log ends (from the earliest of their checkpoints, read from the index alone), one read of
   * only the event types the projections folding in memory need, each projection applying the
   * events past its own checkpoint (stopping just before its failing event), then one write of all
   * their checkpoints.
   */
  async #applyBatch(trx: Transaction<EventsDatabase>, open: Progress[], large: boolean) {
    await lockProjections(
      trx,
      open.map((progress) => progress.projection.name),
    )
    // A full batch sorts its events (by person, by order…) in memory rather than on disk, and walks
    // the commit-order index: with a LIMIT near its estimate of the range PostgreSQL would rather
    // collect the whole rest of the log in a bitmap and sort it.
    if (large)
      await sql`select set_config('work_mem', '64MB', true), set_config('enable_bitmapscan', 'off', true),
        set_config('enable_seqscan', 'off', true)`.execute(trx)
    const checkpoints = await this.#checkpoints(
      trx,
      open.map((progress) => progress.projection),
    )
    const { batch, outcomes } = await this.#applyFrom(
      trx,
      open.map((progress, index) => ({ progress, own: checkpoints[index] ?? startOfLog })),
      this.#batchSize,
    )
    const saved = outcomes.flatMap(({ progress, checkpoint, read }) =>
      read > 0 ? [{ projection: progress.projection, checkpoint, read }] : [],
    )
    await this.#saveCheckpoints(trx, saved, 'advance')
    const resolved = new Map<string, ProjectionFailure | undefined>()
    for (const { progress, checkpoint } of outcomes) {
      if (progress.known)
        resolved.set(progress.projection.name, await clearFailurePassed(trx, progress.projection.name, checkpoint))
    }
    for (const { progress, applied, read, checkpoint, halted } of outcomes) {
      progress.applied += applied
      if (read > 0) progress.batches += 1
      progress.checkpoint = checkpoint
      progress.halted = halted
      progress.done = halted || !batch || batch.count < this.#batchSize
      const cleared = resolved.get(progress.projection.name)
      if (cleared) {
        progress.known = undefined
        this.#log?.info('projection applied the event it had failed on and goes on', describe(cleared))
      }
    }
  }

  /**
   * Applies the next batch of the log (at most `size` events, from the earliest of their
   * checkpoints `own`) for each projection: one walk of the batch in SQL by a projection applying
   * ranges there, one read of the types the others fold in memory, each applying only the events
   * past its own checkpoint and stopping just before its failing event.
   */
  async #applyFrom(trx: Transaction<EventsDatabase>, items: { progress: Progress; own: Checkpoint }[], size: number) {
    const from = items
      .map(({ own }) => own)
      .reduce((earliest, checkpoint) => (isAfter(earliest, checkpoint) ? checkpoint : earliest))
    const inSql = (progress: Progress) =>
      progress.projection.applyRange !== undefined && !progress.precise && !progress.failing
    // A projection applying ranges in SQL from the batch's start takes the batch itself: its
    // statement finds where the batch ends, so the log is walked once for it and the bound.
    const leader = items.findIndex(({ progress, own }) => inSql(progress) && !isAfter(own, from))
    const leading = items[leader]?.progress
    const wanted = typesOf(items.filter(({ progress }) => !inSql(progress)).map(({ progress }) => progress.projection))
    const batch = leading
      ? await applyRange(trx, leading.projection, { after: from, limit: size, wanted })
      : await this.#reader.readBatchEnd(from, size, trx)
    const readers = await this.#applyInMemory(
      trx,
      batch,
      from,
      items.filter(({ progress }) => !inSql(progress)),
      size,
    )
    const outcomes = []
    for (const [index, { progress, own }] of items.entries()) {
      const { projection } = progress
      if (!batch || !isAfter(batch.end, own)) {
        outcomes.push({ progress, applied: 0, read: 0, checkpoint: own, halted: false })
        continue
      }
      if (inSql(progress) && index !== leader)
        await applyRange(trx, projection, { after: own, upTo: batch.end, limit: batch.count })
      const reader = readers.get(progress)
      // Halted: the checkpoint stays on its last event before the failing one; the events of
      // other types in between are not its own, and reading them again later changes nothing.
      const checkpoint = reader?.halted ? (reader.lastHandled ?? own) : batch.end
      const sameStart = !isAfter(own, from) && checkpoint === batch.end
      const read = sameStart ? batch.count : await this.#reader.countRange({ after: own, upTo: checkpoint }, trx)
      const applied = reader
        ? reader.applied
        : projection.eventTypes === 'all'
          ? read
          : await this.#reader.countRange({ after: own, upTo: checkpoint, types: projection.eventTypes }, trx)
      outcomes.push({ progress, applied, read, checkpoint, halted: reader?.halted ?? false })
    }
    return { batch, outcomes }
  }

  /**
   * The batch's events of the types the projections folding in memory read, in chunks (memory stays
   * bounded whatever the batch size), each projection applying those past its own checkpoint and
   * stopping just before its failing event.
   */
  async #applyInMemory(
    trx: Transaction<EventsDatabase>,
    batch: { end: Checkpoint; wanted?: number } | undefined,
    from: Checkpoint,
    projections: { progress: Progress; own: Checkpoint }[],
    size: number,
  ) {
    const readers = new Map(
      projections.map(({ progress, own }) => [
        progress,
        { own, applied: 0, halted: false, lastHandled: undefined as Checkpoint | undefined },
      ]),
    )
    // None of their events in the batch (its leader counted them): nothing to read.
    if (!batch || readers.size === 0 || batch.wanted === 0) return readers
    const types = typesOf(projections.map(({ progress }) => progress.projection))
    const chunk = Math.min(size, eventsPerRead)
    for (let after = from; ;) {
      const entries = await this.#reader.readRange(after, batch.end, types, trx, chunk)
      const decoded = new Map<LogEntry, StoredEvent | { error: unknown }>()
      for (const [progress, reader] of readers) {
        if (reader.halted) continue
        const { projection, failing } = progress
        const unseen = entries.filter((entry) => isAfter(entry.position, reader.own) && handles(projection, entry.type))
        const stop = failing ? unseen.findIndex((entry) => entry.eventId === failing.eventId) : -1
        const handled = stop === -1 ? unseen : unseen.slice(0, stop)
        if (projection.applyBatch && !progress.precise) {
          const events = handled.map((entry) => decodeOnce(decoded, projection, entry))
          try {
            await projection.applyBatch(trx, events)
          } catch (error) {
            if (isInfrastructureError(error)) throw error
            throw new BatchRefused(projection.name, error)
          }
        } else {
          for (const entry of handled) await applyEntry(trx, projection, entry, decodeOnce(decoded, projection, entry))
        }
        reader.applied += handled.length
        reader.lastHandled = handled.at(-1)?.position ?? reader.lastHandled
        reader.halted = stop !== -1
      }
      const last = entries.at(-1)
      if (!last || entries.length < chunk) return readers
      after = last.position
    }
  }

  /** Reads the projections' checkpoints, starting over each one whose version changed. */
  async #checkpoints(trx: Transaction<EventsDatabase>, projections: readonly Projection[]): Promise<Checkpoint[]> {
    const rows = await trx
      .selectFrom('projection_checkpoints')
      .select(['name', 'version', sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where(
        'name',
        'in',
        projections.map((projection) => projection.name),
      )
      .execute()
    const checkpoints: Checkpoint[] = []
    const reset: Projection[] = []
    for (const projection of projections) {
      const row = rows.find((candidate) => candidate.name === projection.name)
      if (row?.version === projection.version) {
        checkpoints.push({ transactionId: row.transaction_id, globalPosition: row.global_position })
        continue
      }
      if (row) {
        this.#log?.info('projection version changed: rebuilding', {
          projection: projection.name,
          from: row.version,
          to: projection.version,
        })
        await projection.truncate(trx)
      }
      // A new version starts over: what the old one could not apply, it may.
      await clearFailure(trx, projection.name)
      reset.push(projection)
      checkpoints.push(startOfLog)
    }
    await this.#saveCheckpoints(
      trx,
      reset.map((projection) => ({ projection, checkpoint: startOfLog, read: 0 })),
      'reset',
    )
    return checkpoints
  }

  /** Every projection's new checkpoint in one statement. */
  async #saveCheckpoints(
    trx: Transaction<EventsDatabase>,
    saved: { projection: Projection; checkpoint: Checkpoint; read: number }[],
    mode: 'advance' | 'reset',
  ) {
    if (saved.length === 0) return
    const now = new Date()
    await trx
      .insertInto('projection_checkpoints')
      .values(
        saved.map(({ projection, checkpoint, read }) => ({
          name: projection.name,
          version: projection.version,
          transaction_id: sql<string>`${checkpoint.transactionId}::xid8`,
          global_position: checkpoint.globalPosition,
          events_applied: read,
          updated_at: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          transaction_id: eb.ref('excluded.transaction_id'),
          global_position: eb.ref('excluded.global_position'),
          events_applied:
            mode === 'reset'
              ? sql<number>`0`
              : sql<number>`projection_checkpoints.events_applied + excluded.events_applied`,
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  }

  #find(name: string): Projection {
    const projection = this.#projections.find((candidate) => candidate.name === name)
    if (!projection) throw new Error(`Unknown projection ${name}`)
    return projection
  }

  /** Runs `work` once every earlier run of any of these projections in this process has ended. */
  async #exclusive<T>(names: readonly string[], work: () => Promise<T>): Promise<T> {
    const previous = Promise.all(
      names.map((name) => (this.#running.get(name) ?? Promise.resolve()).catch(() => undefined)),
    )
    const next = previous.then(work)
    for (const name of names) this.#running.set(name, next)
    try {
      return await next
    } finally {
      for (const name of names) if (this.#running.get(name) === next) this.#running.delete(name)
    }
  }
}

function newProgress(projection: Projection, known: ProjectionFailure | undefined): Progress {
  return {
    projection,
    applied: 0,
    batches: 0,
    checkpoint: startOfLog,
    failing: undefined,
    known,
    precise: false,
    done: false,
    halted: false,
  }
}

/** Where a projection's views stand: the last event it applied, or the start of the log. */
async function storedCheckpoint(
  executor: Kysely<EventsDatabase> | Transaction<EventsDatabase>,
  name: string,
): Promise<Checkpoint> {
  const row = await executor
    .selectFrom('projection_checkpoints')
    .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst()
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : startOfLog
}

/**
 * Held until the transaction ends; another runner of the same projection waits its turn. Taken in
 * name order in one statement, so two runners of overlapping sets cannot deadlock.
 */
async function lockProjections(trx: Transaction<EventsDatabase>, names: readonly string[]) {
  const ordered = [...names].sort()
  await sql`select pg_advisory_xact_lock(hashtext('projection:' || name))
    from (select name from unnest(${ordered}::text[]) as locked(name) order by name) as ordered`.execute(trx)
}

/** The event types these projections read; undefined when one of them reads every type. */
function typesOf(projections: readonly Projection[]): readonly string[] | undefined {
  const types = new Set<string>()
  for (const { eventTypes } of projections) {
    if (eventTypes === 'all') return undefined
    for (const type of eventTypes) types.add(type)
  }
  return [...types]
}

/** Whether `a` comes after `b` in commit order. */
function isAfter(a: Checkpoint, b: Checkpoint): boolean {
  const ta = a.transactionId
  const tb = b.transactionId
  // Transaction ids are decimal text without leading zeros: the longer is the larger.
  if (ta === tb) return a.globalPosition > b.globalPosition
  return ta.length === tb.length ? ta > tb : ta.length > tb.length
}

/** Decodes an entry once for all projections; what fails to decode is the event's fault for each. */
function decodeOnce(decoded: Map<LogEntry, StoredEvent | { error: unknown }>, projection: Projection, entry: LogEntry) {
  let result = decoded.get(entry)
  if (!result) {
    try {
      result = entry.decode()
    } catch (error) {
      result = { error }
    }
    decoded.set(entry, result)
  }
  if ('error' in result) throw poisoned(projection, entry, result.error)
  return result
}

/** Applies a range in SQL; what goes wrong other than the database itself refuses the batch. */
async function applyRange(trx: Transaction<EventsDatabase>, projection: Projection, range: LogRange) {
  try {
    return await projection.applyRange?.(trx, range)
  } catch (error) {
    if (isInfrastructureError(error)) throw error
    throw new BatchRefused(projection.name, error)
  }
}

/** Applies one event; what goes wrong with the event itself becomes a PoisonedEvent. */
async function applyEntry(
  trx: Transaction<EventsDatabase>,
  projection: Projection,
  entry: LogEntry,
  event: StoredEvent,
) {
  try {
    await projection.apply(trx, event)
  } catch (error) {
    if (isInfrastructureError(error)) throw error
    throw poisoned(projection, entry, error)
  }
}

function poisoned(projection: Projection, entry: LogEntry, error: unknown) {
  const failed = {
    position: entry.position,
    eventId: entry.eventId,
    eventType: entry.type,
    streamId: entry.streamId,
    error: error instanceof Error ? error.message : String(error),
  }
  return new PoisonedEvent(projection.name, failed, error)
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

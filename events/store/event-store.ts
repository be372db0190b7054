import type { DrainOuterGeneric, Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import { appender } from './append.ts'
import type { EventRegistry } from './event-definition.ts'
import type { Executor } from './event-rows.ts'
import { logReader } from './read-log.ts'
import { streamReader, type LoadedStream, type StreamToRead } from './read-streams.ts'
import { retryTransient } from './retry-transient.ts'
import { unitOfWork } from './unit-of-work.ts'
import type { AppendResult, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.ts'

/** What one commit appended: a single notice per unit of work, however many streams it wrote. */
export type AppendedNotice = { streamIds: string[]; globalPositions: number[] }

/**
 * A unit of work: appends and other writes that commit together, then notify the projectors.
 * `db` sees every table of the application's database (`Tables`), so its writes join the same transaction.
 */
export type StoreTransaction<Tables extends EventsDatabase = EventsDatabase> = {
  db: Transaction<DrainOuterGeneric<EventsDatabase & Tables>>
  /**
   * Appends events at the version expected, checked now against the version the unit read (a
   * `ConcurrencyError` otherwise). They are written with the unit's other appends in one
   * statement when it commits, or before anything reads their stream (through the unit, or the
   * store given the unit's `db`), so every read in the unit sees them (decision 0117).
   */
  append: (
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ) => Promise<AppendResult>
  /**
   * Locks and reads, in one round trip, every stream this unit will decide on (each from its
   * snapshot under its key) and whether each of `ownerStreams` was erased (with `erased`'s share
   * lock). `loadStream`, `readStream` and `erased` then answer them without another round trip.
   */
  readAhead: (reads: { streams: readonly StreamToRead[]; ownerStreams?: readonly string[] }) => Promise<void>
  /**
   * Reads a stream to decide on it: the stream is locked first, so until this unit commits no
   * other unit of work or append on any connection can move it, and the decision holds.
   */
  readStream: (streamId: string) => Promise<StoredEvent[]>
  /**
   * The same, locked, in one round trip, starting from the stream's snapshot under `snapshotKey`
   * when there is one (only the events after it come back).
   */
  loadStream: (streamId: string, snapshotKey: string | undefined) => Promise<LoadedStream>
  /** Keeps a state folded up to `version` under `snapshotKey`, committed with this unit of work. */
  saveSnapshot: (streamId: string, snapshotKey: string, version: number, state: unknown) => Promise<void>
  /**
   * Whether the person whose user stream this is was erased, read with a share lock on that stream,
   * so an erasure cannot commit under a decision this unit takes on it.
   */
  erased: (ownerStream: string) => Promise<boolean>
}

export type EventStore<Tables extends EventsDatabase = EventsDatabase> = ReturnType<typeof createEventStore<Tables>>

/**
 * The event store: what commands need (the unit of work, the one way to write; a stream's read) and
 * what projectors need (the log in commit order). Each job lives in its own file; this one joins
 * them and notifies once per commit. `Tables` is the application's whole database: the store
 * itself queries only the events' tables; `Tables` types what a unit of work's `db` sees (kysely
 * cannot type queries over a generic database).
 */
export function createEventStore<Tables extends EventsDatabase = EventsDatabase>(options: {
  db: Kysely<EventsDatabase>
  registry: EventRegistry
  clock: Clock
  onAppended?: (notice: AppendedNotice) => void
}) {
  const { db, registry, clock, onAppended } = options
  const notify = (appended: AppendedNotice | undefined) => {
    if (appended && appended.globalPositions.length > 0) onAppended?.(appended)
  }
  const streams = streamReader({ db, registry, clock })
  const writes = appender({ registry, clock, streamVersion: streams.streamVersion })
  // Each open unit of work by its `db`: what writes its held appends before a read of a stream,
  // and what writes all of them (before a read across streams).
  const units = new WeakMap<object, Pick<ReturnType<typeof unitOfWork>, 'beforeReading' | 'writeHeld'>>()

  /** Runs `work` in one transaction, again when the database rolls it back for a deadlock. */
  function transaction<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    return retryTransient(() => transactionOnce(work), { onConflict: false })
  }

  async function transactionOnce<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    let appended: AppendedNotice | undefined
    const result = await db.transaction().execute(async (trx) => {
      const unit = unitOfWork<Tables>({ trx, streams, writes, clock })
      units.set(unit.tx.db, unit)
      const answer = await work(unit.tx)
      await unit.writeHeld()
      appended = unit.appended
      return answer
    })
    notify(appended)
    return result
  }

  /** A read through a unit's `db` (not through the unit) sees the unit's appends too: they are written first. */
  async function beforeReading(streamId: string, executor: Executor | undefined) {
    const unit = executor && units.get(executor)
    if (unit) await unit.beforeReading(streamId)
  }

  const log = logReader({ db, registry })

  return {
    transaction,
    readStream: async (...[streamId, options]: Parameters<typeof streams.readStream>) => {
      await beforeReading(streamId, options?.executor)
      return streams.readStream(streamId, options)
    },
    loadStream: async (...[streamId, options]: Parameters<typeof streams.loadStream>) => {
      await beforeReading(streamId, options?.executor)
      return streams.loadStream(streamId, options)
    },
    saveSnapshot: streams.saveSnapshot,
    streamVersion: async (streamId: string, executor?: Executor) => {
      await beforeReading(streamId, executor)
      return streams.streamVersion(streamId, executor)
    },
    ...log,
    /**
     * A person's events across their streams. Through a unit's `db`, whatever the unit holds is
     * written first: a held append may be the person's, on any stream.
     */
    readByUser: async (...[userId, options]: Parameters<typeof log.readByUser>) => {
      const unit = options?.executor && units.get(options.executor)
      if (unit) await unit.writeHeld()
      return log.readByUser(userId, options)
    },
    registry,
  }
}

import type { DrainOuterGeneric, Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import { appender, type Appended } from './append.ts'
import type { EventRegistry } from './event-definition.ts'
import { logReader } from './read-log.ts'
import { streamReader, type LoadedStream, type StreamToRead } from './read-streams.ts'
import { retryTransient } from './retry-transient.ts'
import type { AppendResult, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.ts'

/** What one commit appended: a single notice per unit of work, however many streams it wrote. */
export type AppendedNotice = { streamIds: string[]; globalPositions: number[] }

/**
 * A unit of work: appends and other writes that commit together, then notify the projectors.
 * `db` sees every table of the application's database (`Tables`), so its writes join the same transaction.
 */
export type StoreTransaction<Tables extends EventsDatabase = EventsDatabase> = {
  db: Transaction<DrainOuterGeneric<EventsDatabase & Tables>>
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
  const notify = (appended: Appended[]) => {
    if (appended.length === 0) return
    onAppended?.({
      streamIds: [...new Set(appended.map((one) => one.streamId))],
      globalPositions: appended.flatMap((one) => one.globalPositions),
    })
  }
  const streams = streamReader({ db, registry, clock })
  const writes = appender({ registry, clock, streamVersion: streams.streamVersion })

  /** Runs `work` in one transaction, again when the database rolls it back for a deadlock. */
  function transaction<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    return retryTransient(() => transactionOnce(work), { onConflict: false })
  }

  async function transactionOnce<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    const notices: Appended[] = []
    const result = await db.transaction().execute(async (trx) => {
      // Each stream is locked once per transaction: the lock lasts until the transaction ends. A
      // locked stream moves only by this unit's own appends, so what was read stays true until then.
      const locked = new Set<string>()
      const read = new Map<string, { snapshotKey: string | undefined; loaded: LoadedStream }>()
      const erasedOwners = new Map<string, boolean>()
      const loadLocked = async (streamId: string, snapshotKey: string | undefined) => {
        const known = read.get(streamId)
        if (known && known.snapshotKey === snapshotKey) return known.loaded
        const loaded = await streams.loadStream(streamId, { executor: trx, snapshotKey, lock: !locked.has(streamId) })
        locked.add(streamId)
        read.set(streamId, { snapshotKey, loaded })
        return loaded
      }
      return work({
        db: trx.$extendTables<Tables>(),
        append: async (streamId, expected, events, metadata) => {
          const lock = !locked.has(streamId)
          read.delete(streamId)
          erasedOwners.delete(streamId)
          const appended = await writes.appendWithin(trx, streamId, expected, writes.prepare(events, metadata), lock)
          locked.add(streamId)
          if (!appended.alreadyAppended) notices.push({ streamId, globalPositions: appended.globalPositions })
          return appended
        },
        readAhead: async ({ streams: toRead, ownerStreams = [] }) => {
          const unread = toRead.filter((stream) => !locked.has(stream.streamId))
          const owners = ownerStreams.filter((ownerStream) => !erasedOwners.has(ownerStream))
          if (unread.length === 0 && owners.length === 0) return
          const loaded = await streams.readStreams(unread, owners, trx)
          for (const { streamId, snapshotKey } of unread) {
            const stream = loaded.streams.get(streamId)
            locked.add(streamId)
            if (stream) read.set(streamId, { snapshotKey, loaded: stream })
          }
          for (const [ownerStream, erased] of loaded.erased) erasedOwners.set(ownerStream, erased)
        },
        readStream: async (streamId) => (await loadLocked(streamId, undefined)).events,
        loadStream: loadLocked,
        saveSnapshot: (streamId, snapshotKey, version, state) =>
          streams.saveSnapshot(streamId, snapshotKey, version, state, trx),
        erased: async (ownerStream) => {
          const known = erasedOwners.get(ownerStream)
          if (known !== undefined) return known
          const erased = await streams.ownerErased(ownerStream, trx)
          erasedOwners.set(ownerStream, erased)
          return erased
        },
      })
    })
    notify(notices)
    return result
  }

  return {
    transaction,
    readStream: streams.readStream,
    loadStream: streams.loadStream,
    saveSnapshot: streams.saveSnapshot,
    streamVersion: streams.streamVersion,
    ...logReader({ db, registry }),
    registry,
  }
}

import type { Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import type { appender, HeldAppend } from './append.ts'
import type { AppendedNotice, StoreTransaction } from './event-store.ts'
import type { LoadedStream, streamReader } from './read-streams.ts'
import { ConcurrencyError, type ExpectedVersion } from './types.ts'

/** A stream's version as its events tell it: the last one's position, or the snapshot's when none follow. */
function versionOf({ snapshot, events }: LoadedStream): number {
  return events.at(-1)?.streamPosition ?? snapshot?.version ?? 0
}

function holds(expected: ExpectedVersion, version: number): boolean {
  if (expected === 'any') return true
  if (expected === 'stream_exists') return version > 0
  return (expected === 'no_stream' ? 0 : expected) === version
}

/**
 * The state of one unit of work inside its transaction `trx`: the streams it locked and read,
 * the versions it knows, and the appends it holds. Appends are held, checked against the version
 * the unit knows, and written together in one statement (`writeHeld`): when the unit commits, or
 * sooner when something reads a stream they go to, so every read in the unit sees them. An append
 * whose answer needs the database (caller-chosen event ids, or a stream version the unit does not
 * know with `any` or `stream_exists`) writes what is held at once.
 */
export function unitOfWork<Tables extends EventsDatabase>({
  trx,
  streams,
  writes,
  clock,
}: {
  trx: Transaction<EventsDatabase>
  streams: ReturnType<typeof streamReader>
  writes: ReturnType<typeof appender>
  clock: Clock
}) {
  // Each stream is locked once per transaction: the lock lasts until the transaction ends. A
  // locked stream moves only by this unit's own appends, so what was read stays true until then.
  const locked = new Set<string>()
  const read = new Map<string, { snapshotKey: string | undefined; loaded: LoadedStream }>()
  const versions = new Map<string, number>()
  const erasedOwners = new Map<string, boolean>()
  const held: HeldAppend[] = []
  const appended: AppendedNotice = { streamIds: [], globalPositions: [] }

  const remember = (streamId: string, snapshotKey: string | undefined, loaded: LoadedStream) => {
    locked.add(streamId)
    read.set(streamId, { snapshotKey, loaded })
    versions.set(streamId, versionOf(loaded))
  }

  // The write in flight: a read started while it runs (reads started together) waits for it too,
  // since what it writes has already left `held`.
  let writing: Promise<void> = Promise.resolve()

  /** Writes every held append, in one statement. */
  async function writeHeld() {
    if (held.length > 0) {
      const batch = held.splice(0)
      writing = writing.then(async () => {
        const written = await writes.writeHeld(trx, batch)
        for (const [streamId, version] of written.versions) {
          versions.set(streamId, version)
          if (!appended.streamIds.includes(streamId)) appended.streamIds.push(streamId)
        }
        appended.globalPositions.push(...written.globalPositions)
      })
    }
    await writing
  }

  /** Writes what is held first when some of it goes to one of `streamIds`, so a read of them sees it. */
  async function beforeReading(...streamIds: string[]) {
    if (held.some((append) => streamIds.includes(append.streamId))) await writeHeld()
    else await writing
  }

  const loadLocked = async (streamId: string, snapshotKey: string | undefined) => {
    const known = read.get(streamId)
    if (known && known.snapshotKey === snapshotKey) return known.loaded
    await beforeReading(streamId)
    const loaded = await streams.loadStream(streamId, { executor: trx, snapshotKey, lock: !locked.has(streamId) })
    remember(streamId, snapshotKey, loaded)
    return loaded
  }

  const tx: StoreTransaction<Tables> = {
    db: trx.$extendTables<Tables>(),
    append: async (streamId, expected, events, metadata) => {
      const prepared = writes.prepare(events, metadata)
      if (prepared.mayBeRetry) {
        await writeHeld()
        const earlier = await writes.findAlreadyAppended(trx, streamId, prepared.events)
        if (earlier) return earlier
      }
      const known = versions.get(streamId)
      if (known !== undefined && !holds(expected, known)) throw new ConcurrencyError(streamId, expected, known)
      const createdAt = clock.now()
      held.push({ streamId, expected: known ?? expected, lock: !locked.has(streamId), prepared, createdAt })
      locked.add(streamId)
      read.delete(streamId)
      erasedOwners.delete(streamId)
      const count = prepared.events.length
      if (known !== undefined) versions.set(streamId, known + count)
      else if (expected === 'no_stream' || typeof expected === 'number')
        versions.set(streamId, (expected === 'no_stream' ? 0 : expected) + count)
      else await writeHeld()
      return { nextVersion: versions.get(streamId) ?? 0, createdAt, alreadyAppended: false }
    },
    readAhead: async ({ streams: toRead, ownerStreams = [] }) => {
      const unread = toRead.filter((stream) => !locked.has(stream.streamId))
      const owners = ownerStreams.filter((ownerStream) => !erasedOwners.has(ownerStream))
      if (unread.length === 0 && owners.length === 0) return
      await beforeReading(...owners)
      const loaded = await streams.readStreams(unread, owners, trx)
      for (const { streamId, snapshotKey } of unread) {
        const stream = loaded.streams.get(streamId)
        if (stream) remember(streamId, snapshotKey, stream)
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
      await beforeReading(ownerStream)
      const erased = await streams.ownerErased(ownerStream, trx)
      erasedOwners.set(ownerStream, erased)
      return erased
    },
  }

  return {
    tx,
    /** Before the commit: what is still held, written. */
    writeHeld,
    beforeReading,
    /** What the unit wrote, for the one notice after its commit. */
    appended,
  }
}

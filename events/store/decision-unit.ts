import type { Clock } from '#events/clock.ts'
import type { DecidedAppend } from './append.ts'
import type { LoadedStream, LoadedStreams } from './read-streams.ts'
import { retryTransient } from './retry-transient.ts'
import type { StreamToRead } from './stream-batch.ts'
import type { EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.ts'

/** What a decision reads before deciding: its streams, and the user streams of the owners it asks about. */
export type DecisionReads = { streams: readonly StreamToRead[]; ownerStreams?: readonly string[] }

/**
 * A decision on several streams without a transaction held open: everything it reads comes from
 * one round trip, what it decides is written in one more (decision 0071). `handleCommand` runs on
 * it as on a unit of work.
 */
export type DecisionUnit = {
  readStream: (streamId: string) => Promise<StoredEvent[]>
  loadStream: (streamId: string, snapshotKey: string | undefined) => Promise<LoadedStream>
  /** Keeps a state folded from stored events; it holds whether or not the decision is written. */
  saveSnapshot: (streamId: string, snapshotKey: string, version: number, state: unknown) => Promise<void>
  /** Queues the events for the decision's one write; answers what the stream will be once it is done. */
  append: (
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ) => Promise<{ nextVersion: number; createdAt: Date }>
  /**
   * Whether this owner's user stream (one of `ownerStreams`) held an erasure when it was read; the
   * decision's write checks it again, so an erasure committed in between makes the decision run again.
   */
  erased: (ownerStream: string) => Promise<boolean>
}

type Store = {
  readStreams: (streams: readonly StreamToRead[], ownerStreams: readonly string[]) => Promise<LoadedStreams>
  appendStreams: (
    appends: readonly DecidedAppend[],
    options: { ownerStreams: readonly string[]; createdAt: Date },
  ) => Promise<void>
  loadStream: (streamId: string, options: { snapshotKey?: string | undefined }) => Promise<LoadedStream>
  saveSnapshot: (streamId: string, snapshotKey: string, version: number, state: unknown) => Promise<void>
  clock: Clock
}

/**
 * Runs `work` on what `reads` names, read in one unlocked round trip, and writes what it decided
 * in one statement that checks every stream is still at the version read, and every owner not
 * erased since. When one moved, nothing is written and the whole decision runs again on fresh
 * reads (as a deadlock does), so `work` must do nothing else that cannot be repeated.
 */
export function decideWith<T>(store: Store, reads: DecisionReads, work: (unit: DecisionUnit) => Promise<T>) {
  return retryTransient(() => decideOnce(store, reads, work), { onConflict: true })
}

async function decideOnce<T>(store: Store, reads: DecisionReads, work: (unit: DecisionUnit) => Promise<T>) {
  const ownerStreams = reads.ownerStreams ?? []
  const createdAt = store.clock.now()
  const read = await store.readStreams(reads.streams, ownerStreams)
  const keyOf = new Map(reads.streams.map((stream) => [stream.streamId, stream.snapshotKey]))
  const appends = new Map<string, DecidedAppend>()
  const loadStream = (streamId: string, snapshotKey: string | undefined) => {
    const loaded = read.streams.get(streamId)
    return loaded && keyOf.get(streamId) === snapshotKey
      ? Promise.resolve(loaded)
      : store.loadStream(streamId, { snapshotKey })
  }
  const result = await work({
    loadStream,
    readStream: async (streamId) => (await loadStream(streamId, undefined)).events,
    saveSnapshot: store.saveSnapshot,
    erased: (ownerStream) => {
      if (!ownerStreams.includes(ownerStream)) throw new Error(`A decision names ${ownerStream} in ownerStreams to ask`)
      return Promise.resolve(read.erasedOwners.has(ownerStream))
    },
    append: (streamId, expected, events, metadata) => {
      if (appends.has(streamId)) throw new Error(`A decision appends to ${streamId} once`)
      if (typeof expected !== 'number' && expected !== 'no_stream')
        throw new Error(`A decision appends at the version it read, not '${expected}'`)
      const at = expected === 'no_stream' ? 0 : expected
      appends.set(streamId, { streamId, expected: at, events, metadata })
      return Promise.resolve({ nextVersion: at + events.length, createdAt })
    },
  })
  if (appends.size > 0) {
    // An owner already erased when read is the decider's to refuse; the write guards the others.
    const guarded = ownerStreams.filter((ownerStream) => !read.erasedOwners.has(ownerStream))
    await store.appendStreams([...appends.values()], { ownerStreams: guarded, createdAt })
  }
  return result
}

import { sql, type Kysely, type Selectable } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import { selectEvents, toStoredEvent, type Executor } from './event-rows.ts'
import { selectStreams, type StreamToRead } from './stream-batch.ts'
import type { EventsTable } from './tables.ts'
import type { StoredEvent } from './types.ts'

/** A stream as a decider reads it: the snapshot it starts from, if any, and the events after it. */
export type LoadedStream = { snapshot: { version: number; state: unknown } | undefined; events: StoredEvent[] }

/** Several streams read together, and which of the owners asked about were erased. */
export type LoadedStreams = { streams: Map<string, LoadedStream>; erasedOwners: Set<string> }

/** Reading streams to decide on them, and keeping the states folded from them (snapshots). */
export function streamReader({
  db,
  registry,
  clock,
}: {
  db: Kysely<EventsDatabase>
  registry: EventRegistry
  clock: Clock
}) {
  async function streamVersion(streamId: string, executor: Executor = db): Promise<number> {
    const row = await executor
      .selectFrom('streams')
      .select('version')
      .where('stream_id', '=', streamId)
      .executeTakeFirst()
    return row ? row.version : 0
  }

  async function readStream(streamId: string, options: { executor?: Executor; fromVersion?: number } = {}) {
    const rows = await selectEvents(options.executor ?? db)
      .where('stream_id', '=', streamId)
      .where('stream_position', '>', options.fromVersion ?? 0)
      .orderBy('stream_position')
      .execute()
    return rows.map((row) => toStoredEvent(registry, row))
  }

  /**
   * A stream in one round trip (the `read_stream` function): optionally locked first, from its
   * snapshot under `snapshotKey` when there is one.
   */
  async function loadStream(
    streamId: string,
    options: { executor?: Executor; snapshotKey?: string | undefined; lock?: boolean } = {},
  ): Promise<LoadedStream> {
    const { rows } = await sql<Selectable<EventsTable> & { snapshot: unknown }>`
      select * from read_stream(${streamId}, ${options.lock ?? false}, ${options.snapshotKey ?? null})
    `.execute(options.executor ?? db)
    const first = rows[0]
    const snapshot =
      first && first.snapshot !== null ? { version: first.stream_position, state: first.snapshot } : undefined
    const events = (snapshot ? rows.slice(1) : rows).map((row) => toStoredEvent(registry, row))
    return { snapshot, events }
  }

  /**
   * Several streams in one round trip, unlocked, each from its snapshot under its key, and which of
   * `ownerStreams` (user streams) hold an erasure. A decision taken on them holds only if
   * `appendStreams` then finds every stream unmoved.
   */
  async function readStreams(
    streams: readonly StreamToRead[],
    ownerStreams: readonly string[],
  ): Promise<LoadedStreams> {
    const { rows, erasedOwners } = await selectStreams(db, streams, ownerStreams)
    const loaded = new Map<string, LoadedStream>(
      streams.map((stream) => [stream.streamId, { snapshot: undefined, events: [] }]),
    )
    for (const row of rows) {
      const stream = streams[Number(row.stream_index) - 1]
      const into = stream && loaded.get(stream.streamId)
      if (!into) continue
      if (row.snapshot !== null) into.snapshot = { version: row.stream_position, state: row.snapshot }
      else into.events.push(toStoredEvent(registry, row))
    }
    return { streams: loaded, erasedOwners: new Set(erasedOwners) }
  }

  /**
   * Whether the user stream `ownerStream` holds an erasure, in one statement (`owner_erased`,
   * migration 0035). Its share lock on the stream row makes an erasure being written wait for the
   * reading unit of work to commit (or the reader wait for the erasure, and then see it).
   */
  async function ownerErased(ownerStream: string, executor: Executor): Promise<boolean> {
    const { rows } = await sql<{ erased: boolean }>`select owner_erased(${ownerStream}) as erased`.execute(executor)
    return rows[0]?.erased === true
  }

  /**
   * Keeps a folded state. The log never changes, so a state at a version is the same whoever folds
   * it: a newer snapshot only replaces an older one, and racing writers cannot move it back.
   */
  async function saveSnapshot(
    streamId: string,
    snapshotKey: string,
    version: number,
    state: unknown,
    executor: Executor = db,
  ): Promise<void> {
    await sql`
      insert into aggregate_snapshots (stream_id, snapshot_key, version, state, updated_at)
      values (${streamId}, ${snapshotKey}, ${version}, ${JSON.stringify(state)}::jsonb, ${clock.now()})
      on conflict (stream_id, snapshot_key) do update set version = excluded.version, state = excluded.state,
        updated_at = excluded.updated_at
      where aggregate_snapshots.version < excluded.version
    `.execute(executor)
  }

  return { streamVersion, readStream, loadStream, readStreams, ownerErased, saveSnapshot }
}

import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import { selectEvents, toStoredEvent, type Executor } from './event-rows.ts'
import type { EventsTable } from './tables.ts'
import type { StoredEvent } from './types.ts'

/** A stream as a decider reads it: the snapshot it starts from, if any, and the events after it. */
export type LoadedStream = { snapshot: { version: number; state: unknown } | undefined; events: StoredEvent[] }

/** A stream a unit of work reads, from its snapshot under `snapshotKey` when it has one. */
export type StreamToRead = { streamId: string; snapshotKey: string | undefined }

/** Several streams read together, and, for each owner asked about, whether that person was erased. */
export type LoadedStreams = { streams: Map<string, LoadedStream>; erased: Map<string, boolean> }

/**
 * Whether the user stream `ownerStream` (an SQL expression) holds an erasure: first the stream's
 * lock, shared, so a unit of work that locked the stream to erase the person is waited for (its
 * appends are written only when it commits, decision 0117); then `owner_erased` (migration 0035),
 * whose share lock on the stream's row makes an erasure written later wait for this unit.
 */
const ownerFact = (ownerStream: RawBuilder<unknown>) =>
  sql<boolean>`case when pg_advisory_xact_lock_shared(hashtext('event-stream'), hashtext(${ownerStream}))::text = ''
    then owner_erased(${ownerStream}) end`

/** A row of `read_stream` for the stream at `stream_index` (1-based) of the request. */
type BatchRow = Selectable<EventsTable> & { snapshot: unknown; stream_index: number | string }

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
   * Several streams in one round trip, inside a unit of work: each locked, then read from its
   * snapshot under its key (`read_stream`, in the order given), and for each of `ownerStreams`
   * (user streams) whether it holds an erasure, with the owner fact's locks. What comes back
   * is what `loadStream` and `ownerErased` would answer one statement at a time.
   */
  async function readStreams(
    streams: readonly StreamToRead[],
    ownerStreams: readonly string[],
    executor: Executor,
  ): Promise<LoadedStreams> {
    const { rows } = await sql<
      { erased: Record<string, boolean> } & { [Column in keyof BatchRow]: BatchRow[Column] | null }
    >`
      with owners as (
        select coalesce(jsonb_object_agg(o.stream_id, ${ownerFact(sql`o.stream_id`)}), '{}') as erased
        from unnest(${[...ownerStreams]}::text[]) as o(stream_id)
      )
      select owners.erased, r.* from owners left join lateral (
        select s.stream_index, x.global_position, x.stream_id, x.stream_position, x.transaction_id, x.type,
          x.schema_version, x.event_id, x.user_id, x.data, x.metadata, x.created_at, x.snapshot, x.row_number
        from unnest(${streams.map((stream) => stream.streamId)}::text[],
          ${streams.map((stream) => stream.snapshotKey ?? null)}::text[]) with ordinality as s(id, snapshot_key, stream_index)
        cross join lateral read_stream(s.id, true, s.snapshot_key) with ordinality as x(global_position, stream_id,
          stream_position, transaction_id, type, schema_version, event_id, user_id, data, metadata, created_at, snapshot, row_number)
      ) as r on true
      order by r.stream_index, r.row_number
    `.execute(executor)
    const loaded = new Map<string, LoadedStream>(
      streams.map((stream) => [stream.streamId, { snapshot: undefined, events: [] }]),
    )
    // With every stream empty the answer is one row of owners and no stream.
    for (const row of rows.filter((one): one is typeof one & BatchRow => one.stream_index !== null)) {
      const stream = streams[Number(row.stream_index) - 1]
      const into = stream && loaded.get(stream.streamId)
      if (!into) continue
      if (row.snapshot !== null) into.snapshot = { version: row.stream_position, state: row.snapshot }
      else into.events.push(toStoredEvent(registry, row))
    }
    return { streams: loaded, erased: new Map(Object.entries(rows[0]?.erased ?? {})) }
  }

  /**
   * Whether the user stream `ownerStream` holds an erasure, in one statement (`ownerFact`). Its
   * locks make an erasure wait for the reading unit of work to commit (or the reader wait for the
   * erasure, and then see it).
   */
  async function ownerErased(ownerStream: string, executor: Executor): Promise<boolean> {
    const { rows } = await sql<{ erased: boolean }>`select ${ownerFact(sql`${ownerStream}::text`)} as erased`.execute(
      executor,
    )
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

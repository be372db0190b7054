import { sql, type Selectable } from 'kysely'
import type { Executor } from './event-rows.ts'
import type { EventsTable } from './tables.ts'
import { ConcurrencyError } from './types.ts'

/** A stream a decision reads, from its snapshot under `snapshotKey` when it has one. */
export type StreamToRead = { streamId: string; snapshotKey: string | undefined }

/** A row of `read_stream` for the stream at `stream_index` (1-based) of the request. */
export type BatchRow = Selectable<EventsTable> & { snapshot: unknown; stream_index: number | string }

/** Raised by `append_streams` (migration 0036) for a stream moved, or an owner erased, since the read. */
const movedSince = 'IH409'

/**
 * Reads every stream in one unlocked round trip (`read_stream` for each, in order), and which of
 * `ownerStreams` hold `UserErased`. The answer has a row even when every stream is empty.
 */
export async function selectStreams(
  executor: Executor,
  streams: readonly StreamToRead[],
  ownerStreams: readonly string[],
): Promise<{ rows: BatchRow[]; erasedOwners: string[] }> {
  const { rows } = await sql<{ erased: string[] } & { [Column in keyof BatchRow]: BatchRow[Column] | null }>`
    with owners as (
      select coalesce(array_agg(o.stream_id), '{}') as erased
      from unnest(${[...ownerStreams]}::text[]) as o(stream_id)
      where exists (select 1 from events e where e.stream_id = o.stream_id and e.type = 'UserErased')
    )
    select owners.erased, r.* from owners left join lateral (
      select s.stream_index, x.global_position, x.stream_id, x.stream_position, x.transaction_id, x.type,
        x.schema_version, x.event_id, x.user_id, x.data, x.metadata, x.created_at, x.snapshot, x.row_number
      from unnest(${streams.map((stream) => stream.streamId)}::text[],
        ${streams.map((stream) => stream.snapshotKey ?? null)}::text[]) with ordinality as s(id, snapshot_key, stream_index)
      cross join lateral read_stream(s.id, false, s.snapshot_key) with ordinality as x(global_position, stream_id,
        stream_position, transaction_id, type, schema_version, event_id, user_id, data, metadata, created_at, snapshot, row_number)
    ) as r on true
    order by r.stream_index, r.row_number
  `.execute(executor)
  return {
    erasedOwners: rows[0]?.erased ?? [],
    rows: rows.filter((row): row is { erased: string[] } & BatchRow => row.stream_index !== null),
  }
}

/** Appends of one decision: each stream at the version it was read at (0: it was empty). */
export type StreamAppend = {
  streamId: string
  streamType: string
  expected: number
  events: {
    type: string
    schemaVersion: number
    eventId: string
    data: unknown
    userId: string | null
    metadata: string
  }[]
}

/**
 * Writes every stream of a decision in one statement, its own transaction (`append_streams`):
 * all of it, or nothing and a `ConcurrencyError` naming the stream that moved since it was read
 * (an owner's user stream when that person was erased since).
 */
export async function insertStreams(
  executor: Executor,
  appends: readonly StreamAppend[],
  { ownerStreams, createdAt }: { ownerStreams: readonly string[]; createdAt: Date },
  versionOf: (streamId: string) => Promise<number>,
): Promise<number[]> {
  const events = appends.flatMap((append) =>
    append.events.map((event, index) => ({
      ...event,
      streamId: append.streamId,
      position: append.expected + index + 1,
    })),
  )
  try {
    const { rows } = await sql<{ positions: (number | string)[] }>`
      select append_streams(
        ${[...ownerStreams]}::text[],
        ${appends.map((append) => append.streamId)}::text[], ${appends.map((append) => append.streamType)}::text[],
        ${appends.map((append) => append.expected)}::bigint[], ${appends.map((append) => append.events.length)}::integer[],
        ${events.map((event) => event.streamId)}::text[], ${events.map((event) => event.position)}::bigint[],
        ${events.map((event) => event.type)}::text[], ${events.map((event) => event.schemaVersion)}::integer[],
        ${events.map((event) => event.eventId)}::uuid[], ${events.map((event) => event.userId)}::text[],
        ${events.map((event) => JSON.stringify(event.data))}::jsonb[], ${events.map((event) => event.metadata)}::jsonb[],
        ${createdAt}::timestamptz
      ) as positions
    `.execute(executor)
    return (rows[0]?.positions ?? []).map(Number)
  } catch (error) {
    const moved = movedStream(error)
    if (moved === undefined) throw error
    const expected = appends.find((append) => append.streamId === moved)?.expected
    throw new ConcurrencyError(moved, expected ?? 'any', await versionOf(moved))
  }
}

function movedStream(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== movedSince) return undefined
  return 'detail' in error && typeof error.detail === 'string' ? error.detail : undefined
}

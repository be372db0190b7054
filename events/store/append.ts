import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventRegistry } from './event-definition.ts'
import type { Executor } from './event-rows.ts'
import {
  ConcurrencyError,
  EventValidationError,
  eventMetadataSchema,
  type AppendResult,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
} from './types.ts'

/** Events checked against their schemas, with their metadata checked once and written as the column holds it. */
export type PreparedEvents = {
  events: Required<NewEvent>[]
  mayBeRetry: boolean
  metadataJson: string
  userId: string | null
}

/**
 * An append a unit of work holds until it writes: `expected` is checked when it is written, and
 * `lock` takes the stream's lock then (the unit had not locked it when it appended).
 */
export type HeldAppend = {
  streamId: string
  expected: ExpectedVersion
  lock: boolean
  prepared: PreparedEvents
  createdAt: Date
}

/** What one write of held appends did: each stream's version after it (in the order appended), and the positions it wrote. */
export type Written = { versions: Map<string, number>; globalPositions: number[] }

/** Streams are named `<type>-<id>`; the type is kept for support queries. */
function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-')
  return dash > 0 ? streamId.slice(0, dash) : streamId
}

/**
 * A stream's check when its held appends are written: the first append's expected version (a
 * later append to the same stream was checked by the unit against the version the first leaves).
 */
function checkOf(expected: ExpectedVersion): { mode: 'new' | 'at' | 'exists' | 'any'; version: number | null } {
  if (expected === 'no_stream' || expected === 0) return { mode: 'new', version: null }
  if (expected === 'stream_exists' || expected === 'any')
    return { mode: expected === 'any' ? 'any' : 'exists', version: null }
  return { mode: 'at', version: expected }
}

/** Writing events inside a unit of work: checked against their schemas, every held append in one statement. */
export function appender({
  registry,
  clock,
  streamVersion,
}: {
  registry: EventRegistry
  clock: Clock
  streamVersion: (streamId: string, executor?: Executor) => Promise<number>
}) {
  function prepare(events: NewEvent[], metadata: EventMetadata): PreparedEvents {
    if (events.length === 0) throw new EventValidationError('Nothing to append: the event list is empty')
    const parsedMetadata = eventMetadataSchema.safeParse(metadata)
    if (!parsedMetadata.success)
      throw new EventValidationError(`Invalid event metadata: ${parsedMetadata.error.message}`)
    return {
      events: events.map((event) => ({
        type: event.type,
        data: registry.parseNew(event.type, event.data),
        eventId: event.eventId ?? randomUUID(),
      })),
      // Ids we just generated cannot be in the log yet, so only caller-chosen ids need the look-up.
      mayBeRetry: events.some((event) => event.eventId !== undefined),
      metadataJson: JSON.stringify(parsedMetadata.data),
      userId: parsedMetadata.data.userId ?? null,
    }
  }

  /**
   * One statement for every held append, in the order appended: the locks the unit had not taken,
   * each stream's version check that moves its version (a new stream inserted, an expected version
   * matched, or any), and the insert of every event, numbered from its stream's version. A stream
   * whose check fails moves nothing; the unit is then refused with a `ConcurrencyError` and rolls
   * back what the statement wrote to the others.
   */
  async function writeHeld(executor: Executor, held: readonly HeldAppend[]): Promise<Written> {
    const streams = new Map<string, { first: HeldAppend; count: number; updatedAt: Date }>()
    const events = held.flatMap((append) => {
      const stream = streams.get(append.streamId) ?? { first: append, count: 0, updatedAt: append.createdAt }
      streams.set(append.streamId, stream)
      const from = stream.count
      stream.count += append.prepared.events.length
      stream.updatedAt = append.createdAt
      return append.prepared.events.map((event, index) => ({ append, event, offset: from + index + 1 }))
    })
    const list = [...streams.values()]
    const checks = list.map((stream) => checkOf(stream.first.expected))
    const { rows } = await sql<{
      versions: Record<string, number | string> | null
      positions: (number | string)[] | null
    }>`
      with input as materialized (
        select s.stream_id, s.stream_type, s.mode, s.expected, s.count, s.updated_at,
          case when s.lock then pg_advisory_xact_lock(hashtext('event-stream'), hashtext(s.stream_id))::text end as locked
        from unnest(${list.map((stream) => stream.first.streamId)}::text[],
          ${list.map((stream) => streamTypeOf(stream.first.streamId))}::text[],
          ${checks.map((check) => check.mode)}::text[], ${checks.map((check) => check.version)}::bigint[],
          ${list.map((stream) => stream.count)}::bigint[], ${list.map((stream) => stream.updatedAt.toISOString())}::timestamptz[],
          ${list.map((stream) => stream.first.lock)}::boolean[]
        ) as s(stream_id, stream_type, mode, expected, count, updated_at, lock)
      ),
      created as (
        insert into streams (stream_id, stream_type, version, updated_at)
        select stream_id, stream_type, count, updated_at from input where mode = 'new'
        on conflict (stream_id) do nothing returning stream_id, version
      ),
      upserted as (
        insert into streams (stream_id, stream_type, version, updated_at)
        select stream_id, stream_type, count, updated_at from input where mode = 'any'
        on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = excluded.updated_at
        returning stream_id, version
      ),
      moved as (
        update streams set version = streams.version + input.count, updated_at = input.updated_at
        from input where streams.stream_id = input.stream_id
          and (input.mode = 'exists' or (input.mode = 'at' and streams.version = input.expected))
        returning streams.stream_id, streams.version
      ),
      bumped as (select * from created union all select * from upserted union all select * from moved),
      inserted as (
        insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
        select e.stream_id, bumped.version - input.count + e.stream_offset, e.type, e.schema_version, e.event_id,
          e.user_id, e.data, e.metadata, e.created_at
        from unnest(${events.map(({ append }) => append.streamId)}::text[],
          ${events.map(({ offset }) => offset)}::bigint[], ${events.map(({ event }) => event.type)}::text[],
          ${events.map(({ event }) => registry.schemaVersionOf(event.type))}::integer[],
          ${events.map(({ event }) => event.eventId)}::uuid[],
          ${events.map(({ append }) => append.prepared.userId)}::text[],
          ${events.map(({ event }) => JSON.stringify(event.data))}::jsonb[],
          ${events.map(({ append }) => append.prepared.metadataJson)}::jsonb[],
          ${events.map(({ append }) => append.createdAt.toISOString())}::timestamptz[]
        ) with ordinality as e(stream_id, stream_offset, type, schema_version, event_id, user_id, data, metadata, created_at, ordinality)
        join bumped on bumped.stream_id = e.stream_id
        join input on input.stream_id = e.stream_id
        order by e.ordinality
        returning global_position
      )
      select (select jsonb_object_agg(stream_id, version) from bumped) as versions,
        (select json_agg(global_position order by global_position) from inserted) as positions,
        (select count(locked) from input) as locks
    `.execute(executor)
    const bumped = rows[0]?.versions ?? {}
    const refused = list.find((stream) => bumped[stream.first.streamId] === undefined)
    if (refused) {
      const { streamId, expected } = refused.first
      throw new ConcurrencyError(streamId, expected, await streamVersion(streamId, executor))
    }
    const versions = new Map(list.map(({ first: { streamId } }) => [streamId, Number(bumped[streamId])]))
    return { versions, globalPositions: (rows[0]?.positions ?? []).map(Number) }
  }

  /**
   * The answer to an append repeated with the event ids of one already written: the same stream
   * and every id, or the append is refused (all or nothing). Undefined when none was written.
   */
  async function findAlreadyAppended(
    executor: Executor,
    streamId: string,
    events: Required<NewEvent>[],
  ): Promise<AppendResult | undefined> {
    const ids = events.map((event) => event.eventId)
    const found = await executor
      .selectFrom('events')
      .select(['event_id', 'stream_id', 'created_at'])
      .where('event_id', 'in', ids)
      .execute()
    if (found.length === 0) return undefined
    if (found.length !== ids.length || found.some((row) => row.stream_id !== streamId)) {
      throw new EventValidationError(
        `Some of these event ids were already appended${found.some((row) => row.stream_id !== streamId) ? ' to another stream' : ''}: an append is all or nothing`,
      )
    }
    return {
      nextVersion: await streamVersion(streamId, executor),
      createdAt: new Date(found[0]?.created_at ?? clock.now()),
      alreadyAppended: true,
    }
  }

  return { prepare, writeHeld, findAlreadyAppended }
}

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
type PreparedEvents = { events: Required<NewEvent>[]; mayBeRetry: boolean; metadataJson: string; userId: string | null }

/** Streams appended to, with the positions of what each got; the store turns them into one notice. */
export type Appended = { streamId: string; globalPositions: number[] }

/** Streams are named `<type>-<id>`; the type is kept for support queries. */
function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-')
  return dash > 0 ? streamId.slice(0, dash) : streamId
}

/** Writing events inside a unit of work: checked against their schemas, at the version expected, each append in one statement. */
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
   * One statement: (optionally) the stream's lock, the version check that moves the stream's
   * version, and the insert of every event, numbered from the new version. A stale expected
   * version moves nothing and inserts nothing; the statement answers no version then.
   */
  async function appendWithin(
    executor: Executor,
    streamId: string,
    expected: ExpectedVersion,
    { events: prepared, mayBeRetry, metadataJson, userId }: PreparedEvents,
    lock: boolean,
  ): Promise<AppendResult> {
    if (mayBeRetry) {
      const earlier = await findAlreadyAppended(executor, streamId, prepared)
      if (earlier) return earlier
    }
    const count = prepared.length
    const createdAt = clock.now()
    const lockSource = lock
      ? sql`(select pg_advisory_xact_lock(hashtext('event-stream'), hashtext(${streamId}))) as stream_lock`
      : sql`(select 1) as no_lock`
    const streamRow = sql`select ${streamId}::text, ${streamTypeOf(streamId)}::text, ${count}::bigint, ${createdAt}::timestamptz from ${lockSource}`
    let bump
    if (expected === 'no_stream' || expected === 0) {
      bump = sql`insert into streams (stream_id, stream_type, version, updated_at) ${streamRow}
        on conflict (stream_id) do nothing returning version`
    } else if (expected === 'any') {
      bump = sql`insert into streams (stream_id, stream_type, version, updated_at) ${streamRow}
        on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = excluded.updated_at
        returning version`
    } else {
      const onlyAt = expected === 'stream_exists' ? sql`` : sql`and streams.version = ${expected}`
      bump = sql`update streams set version = streams.version + ${count}, updated_at = ${createdAt}
        from ${lockSource} where streams.stream_id = ${streamId} ${onlyAt} returning streams.version`
    }
    const { rows } = await sql<{ version: number | string | null; positions: (number | string)[] | null }>`
      with bumped as (${bump}),
      inserted as (
        insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
        select ${streamId}, bumped.version - ${count} + appended.ordinality, appended.type, appended.schema_version,
          appended.event_id, ${userId}, appended.data, ${metadataJson}::jsonb, ${createdAt}
        from bumped, unnest(${prepared.map((event) => event.type)}::text[],
          ${prepared.map((event) => registry.schemaVersionOf(event.type))}::integer[],
          ${prepared.map((event) => event.eventId)}::uuid[],
          ${prepared.map((event) => JSON.stringify(event.data))}::jsonb[]
        ) with ordinality as appended(type, schema_version, event_id, data, ordinality)
        returning global_position, stream_position
      )
      select (select version from bumped) as version,
        (select json_agg(global_position order by stream_position) from inserted) as positions
    `.execute(executor)
    const version = rows[0]?.version ?? null
    const positions = rows[0]?.positions ?? null
    if (version === null || positions === null) {
      throw new ConcurrencyError(streamId, expected, await streamVersion(streamId, executor))
    }
    return {
      nextVersion: Number(version),
      globalPositions: positions.map(Number),
      createdAt,
      alreadyAppended: false,
    }
  }

  async function findAlreadyAppended(
    executor: Executor,
    streamId: string,
    events: Required<NewEvent>[],
  ): Promise<AppendResult | undefined> {
    const ids = events.map((event) => event.eventId)
    const found = await executor
      .selectFrom('events')
      .select(['event_id', 'stream_id', 'global_position', 'created_at'])
      .where('event_id', 'in', ids)
      .execute()
    if (found.length === 0) return undefined
    if (found.length !== ids.length || found.some((row) => row.stream_id !== streamId)) {
      throw new EventValidationError(
        `Some of these event ids were already appended${found.some((row) => row.stream_id !== streamId) ? ' to another stream' : ''}: an append is all or nothing`,
      )
    }
    const positionById = new Map(found.map((row) => [row.event_id, row.global_position]))
    return {
      nextVersion: await streamVersion(streamId, executor),
      globalPositions: ids.map((id) => positionById.get(id) ?? 0),
      createdAt: new Date(found[0]?.created_at ?? clock.now()),
      alreadyAppended: true,
    }
  }

  return { appendWithin, prepare }
}

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
   * One call of `write_held_appends` for every held append, in the order appended: the locks the
   * unit had not taken, each stream's version check that moves its version (a new stream inserted,
   * an expected version matched, or any), and the insert of every event, numbered from its
   * stream's version. A stream
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
    // The statement is the function of migration 0046 (decision 0134): its plan is kept per
    // connection. It answers rows: each stream moved with its version, each event with its
    // position, and the count of locks taken (neither a stream nor a position).
    const { rows } = await sql<{
      stream_id: string | null
      version: number | string | null
      global_position: number | string | null
    }>`
      select stream_id, version, global_position from write_held_appends(
        ${list.map((stream) => stream.first.streamId)}::text[],
        ${list.map((stream) => streamTypeOf(stream.first.streamId))}::text[],
        ${checks.map((check) => check.mode)}::text[], ${checks.map((check) => check.version)}::bigint[],
        ${list.map((stream) => stream.count)}::bigint[], ${list.map((stream) => stream.updatedAt.toISOString())}::timestamptz[],
        ${list.map((stream) => stream.first.lock)}::boolean[],
        ${events.map(({ append }) => append.streamId)}::text[],
        ${events.map(({ offset }) => offset)}::bigint[], ${events.map(({ event }) => event.type)}::text[],
        ${events.map(({ event }) => registry.schemaVersionOf(event.type))}::integer[],
        ${events.map(({ event }) => event.eventId)}::uuid[],
        ${events.map(({ append }) => append.prepared.userId)}::text[],
        ${events.map(({ event }) => JSON.stringify(event.data))}::jsonb[],
        ${events.map(({ append }) => append.prepared.metadataJson)}::jsonb[],
        ${events.map(({ append }) => append.createdAt.toISOString())}::timestamptz[]
      )
    `.execute(executor)
    const bumped = new Map<string, number>()
    const globalPositions: number[] = []
    for (const row of rows) {
      if (row.stream_id !== null) bumped.set(row.stream_id, Number(row.version))
      else if (row.global_position !== null) globalPositions.push(Number(row.global_position))
    }
    const refused = list.find((stream) => !bumped.has(stream.first.streamId))
    if (refused) {
      const { streamId, expected } = refused.first
      throw new ConcurrencyError(streamId, expected, await streamVersion(streamId, executor))
    }
    const versions = new Map(list.map(({ first: { streamId } }) => [streamId, bumped.get(streamId) ?? 0]))
    return { versions, globalPositions: globalPositions.sort((a, b) => a - b) }
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

import { randomUUID } from 'node:crypto'
import { sql, type DrainOuterGeneric, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import { decideWith, type DecisionReads, type DecisionUnit } from './decision-unit.ts'
import { retryTransient } from './retry-transient.ts'
import { insertStreams, selectStreams, type StreamToRead } from './stream-batch.ts'
import type { EventsTable } from './tables.ts'
import {
  ConcurrencyError,
  EventValidationError,
  eventMetadataSchema,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from './types.ts'

type Executor = Kysely<EventsDatabase> | Transaction<EventsDatabase>
/** Events checked against their schemas, with their metadata checked once and written as the column holds it. */
type PreparedEvents = { events: Required<NewEvent>[]; mayBeRetry: boolean; metadataJson: string; userId: string | null }

/** What one commit appended: a single notice per unit of work, however many streams it wrote. */
export type AppendedNotice = { streamIds: string[]; globalPositions: number[] }

/** A stream as a decider reads it: the snapshot it starts from, if any, and the events after it. */
export type LoadedStream = { snapshot: { version: number; state: unknown } | undefined; events: StoredEvent[] }

/** Several streams read together, and which of the owners asked about were erased. */
export type LoadedStreams = { streams: Map<string, LoadedStream>; erasedOwners: Set<string> }

/** What one decision appends to one stream, at the version it read it at (0: it was empty). */
export type DecidedAppend = { streamId: string; expected: number; events: NewEvent[]; metadata: EventMetadata }

/** An event of the log before its payload is decoded. */
export type LogEntry = {
  eventId: string
  type: string
  streamId: string
  position: Checkpoint
  decode: () => StoredEvent
}

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
}

export type TransactionOptions = {
  /**
   * Also runs the whole unit again when an append finds its stream moved. Streams a unit reads
   * through `tx.readStream` are locked, so this only matters for a stream appended at a version
   * obtained elsewhere. A deadlock between units is always retried.
   */
  retryOnConflict?: boolean
}

export type EventStore<Tables extends EventsDatabase = EventsDatabase> = ReturnType<typeof createEventStore<Tables>>

const uniqueViolation = '23505'

/** Streams are named `<type>-<id>`; the type is kept for support queries. */
function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-')
  return dash > 0 ? streamId.slice(0, dash) : streamId
}

/**
 * `Tables` is the application's whole database. The store itself queries only the events' tables;
 * `Tables` types what a unit of work's `db` sees (kysely cannot type queries over a generic database).
 */
export function createEventStore<Tables extends EventsDatabase = EventsDatabase>(options: {
  db: Kysely<EventsDatabase>
  registry: EventRegistry
  clock: Clock
  onAppended?: (notice: AppendedNotice) => void
}) {
  const { db, registry, clock, onAppended } = options

  const notify = (appended: { streamId: string; globalPositions: number[] }[]) => {
    if (appended.length === 0) return
    onAppended?.({
      streamIds: [...new Set(appended.map((one) => one.streamId))],
      globalPositions: appended.flatMap((one) => one.globalPositions),
    })
  }

  function transaction<T>(
    work: (tx: StoreTransaction<Tables>) => Promise<T>,
    { retryOnConflict = false }: TransactionOptions = {},
  ): Promise<T> {
    return retryTransient(() => transactionOnce(work), { onConflict: retryOnConflict })
  }

  async function transactionOnce<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    const notices: { streamId: string; globalPositions: number[] }[] = []
    const result = await db.transaction().execute(async (trx) => {
      // Each stream is locked once per transaction: the lock lasts until the transaction ends.
      const locked = new Set<string>()
      const loadLocked = async (streamId: string, snapshotKey: string | undefined) => {
        const loaded = await loadStream(streamId, { executor: trx, snapshotKey, lock: !locked.has(streamId) })
        locked.add(streamId)
        return loaded
      }
      return work({
        db: trx.$extendTables<Tables>(),
        append: async (streamId, expected, events, metadata) => {
          const prepared = prepare(events, metadata)
          const lock = !locked.has(streamId)
          const appended = await appendWithin(trx, streamId, expected, prepared, lock)
          locked.add(streamId)
          if (!appended.alreadyAppended) notices.push({ streamId, globalPositions: appended.globalPositions })
          return appended
        },
        readStream: async (streamId) => (await loadLocked(streamId, undefined)).events,
        loadStream: loadLocked,
        saveSnapshot: (streamId, snapshotKey, version, state) =>
          saveSnapshot(streamId, snapshotKey, version, state, trx),
      })
    })
    notify(notices)
    return result
  }

  /**
   * Appends in its own transaction. A retry with the same event ids answers the first result and
   * writes nothing, even when the first attempt raced with the retry.
   */
  async function append(
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    const prepared = prepare(events, metadata)
    try {
      // One statement, so its own transaction: it takes the stream's lock, moves the version and inserts.
      const result = await appendWithin(db, streamId, expected, prepared, true)
      if (!result.alreadyAppended) notify([{ streamId, globalPositions: result.globalPositions }])
      return result
    } catch (error) {
      if (error instanceof ConcurrencyError || isUniqueViolation(error)) {
        const earlier = await findAlreadyAppended(db, streamId, prepared.events)
        if (earlier) return earlier
      }
      if (isUniqueViolation(error)) {
        throw new ConcurrencyError(streamId, expected, await streamVersion(streamId))
      }
      throw error
    }
  }

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
    return rows.map(toStoredEvent)
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
    const events = (snapshot ? rows.slice(1) : rows).map(toStoredEvent)
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
      else into.events.push(toStoredEvent(row))
    }
    return { streams: loaded, erasedOwners: new Set(erasedOwners) }
  }

  /**
   * The appends of one decision in one statement, its own transaction: every stream at the version
   * it was read at, after checking that none of `ownerStreams` was erased since. All or nothing; a
   * stream moved (or an owner erased) since the read throws `ConcurrencyError`.
   */
  async function appendStreams(
    appends: readonly DecidedAppend[],
    { ownerStreams, createdAt }: { ownerStreams: readonly string[]; createdAt: Date },
  ): Promise<void> {
    // Streams are locked in one order, so two decisions on the same streams wait instead of deadlocking.
    const ordered = [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0))
    const prepared = ordered.map((append) => {
      const { events, metadataJson, userId } = prepare(append.events, append.metadata)
      return {
        streamId: append.streamId,
        streamType: streamTypeOf(append.streamId),
        expected: append.expected,
        events: events.map((event) => ({
          type: event.type,
          schemaVersion: registry.schemaVersionOf(event.type),
          eventId: event.eventId,
          data: event.data,
          userId,
          metadata: metadataJson,
        })),
      }
    })
    const positions = await insertStreams(db, prepared, { ownerStreams, createdAt }, streamVersion)
    let next = 0
    notify(
      prepared.map((append) => {
        const globalPositions = positions.slice(next, next + append.events.length)
        next += append.events.length
        return { streamId: append.streamId, globalPositions }
      }),
    )
  }

  /** A decision on several streams in one read and one write, run again when a stream moved between them. */
  function decide<T>(reads: DecisionReads, work: (unit: DecisionUnit) => Promise<T>): Promise<T> {
    return decideWith({ readStreams, appendStreams, loadStream, saveSnapshot, clock }, reads, work)
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

  /** A user's whole history in the order it happened, for support staff and per-user rebuilds. */
  async function readByUser(
    userId: string,
    options: { executor?: Executor; upTo?: Checkpoint; types?: readonly string[] | undefined } = {},
  ) {
    let query = selectEvents(options.executor ?? db).where('user_id', '=', userId)
    if (options.types) query = query.where(sql<boolean>`type = any(${[...options.types]}::text[])`)
    if (options.upTo) {
      query = query.where(
        sql<boolean>`(transaction_id, global_position) <= (${options.upTo.transactionId}::xid8, ${options.upTo.globalPosition}::bigint)`,
      )
    }
    const rows = await query.orderBy('events.transaction_id').orderBy('events.global_position').execute()
    return rows.map(toStoredEvent)
  }

  /**
   * Reads the log after a checkpoint in commit-safe order: only events of transactions older than
   * every transaction still running, ordered by (transaction id, position). A reader that has
   * passed an event can never later find an earlier-ordered one commit behind it.
   */
  async function readAll(after: Checkpoint, limit: number, executor: Executor = db) {
    return (await readLog(after, limit, executor)).map((entry) => entry.decode())
  }

  /**
   * The same events as `readAll`, each decoded (upcast and checked) only when asked, so a reader
   * can tell which event fails to decode and is not stopped by events it does not read.
   */
  async function readLog(after: Checkpoint, limit: number, executor: Executor = db): Promise<LogEntry[]> {
    const rows = await selectEvents(executor)
      .where(
        sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
      )
      .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(limit)
      .execute()
    return rows.map(toLogEntry)
  }

  /**
   * Where a batch of the next `limit` events after a checkpoint ends, and how many it holds, read
   * from the commit-order index alone (no event is fetched): the same events `readLog` would give,
   * so a projector can read only the types it needs in that range, or apply it in SQL.
   */
  async function readBatchEnd(
    after: Checkpoint,
    limit: number,
    executor: Executor = db,
  ): Promise<{ end: Checkpoint; count: number } | undefined> {
    const committedAfter = sql`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`
    // A full batch: its last event, found by skipping the others in the index (no sort, no count).
    // The order names the table's columns: bare, they would be the text output and sort by digits.
    const { rows: full } = await sql<{ transaction_id: string; global_position: number | string }>`
      select transaction_id::text as transaction_id, global_position from events where ${committedAfter}
      order by events.transaction_id, events.global_position offset ${limit - 1} limit 1
    `.execute(executor)
    const last = full[0]
    if (last)
      return { end: { transactionId: last.transaction_id, globalPosition: Number(last.global_position) }, count: limit }
    // The end of the log: fewer events than a batch are left.
    const { rows } = await sql<{ transaction_id: string; global_position: number | string; count: number | string }>`
      select transaction_id::text as transaction_id, global_position, count(*) over () as count
      from (select transaction_id, global_position from events where ${committedAfter}
        order by transaction_id, global_position limit ${limit}) as batch
      order by batch.transaction_id desc, batch.global_position desc limit 1
    `.execute(executor)
    const tail = rows[0]
    if (!tail) return undefined
    return {
      end: { transactionId: tail.transaction_id, globalPosition: Number(tail.global_position) },
      count: Number(tail.count),
    }
  }

  /** How many events lie in the range (after, upTo] of the log, only of these types and this person when given. */
  async function countRange(
    range: { after: Checkpoint; upTo: Checkpoint; types?: readonly string[] | undefined; userId?: string },
    executor: Executor = db,
  ): Promise<number> {
    const { after, upTo, types, userId } = range
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
        and (transaction_id, global_position) <= (${upTo.transactionId}::xid8, ${upTo.globalPosition}::bigint)
        ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
        ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
    `.execute(executor)
    return Number(rows[0]?.count ?? 0)
  }

  /**
   * The events of the range (after, upTo] in commit order, only of these types (all when
   * `types` is undefined), each decoded only when asked. `upTo` comes from `readBatchEnd`, so the
   * range holds only committed events.
   */
  async function readRange(
    after: Checkpoint,
    upTo: Checkpoint,
    types: readonly string[] | undefined,
    executor: Executor = db,
    limit?: number,
  ): Promise<LogEntry[]> {
    if (types?.length === 0) return []
    let query = selectEvents(executor)
      .where(
        sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
      )
      .where(
        sql<boolean>`(transaction_id, global_position) <= (${upTo.transactionId}::xid8, ${upTo.globalPosition}::bigint)`,
      )
    if (types) query = query.where(sql<boolean>`type = any(${[...types]}::text[])`)
    const ordered = query.orderBy('events.transaction_id').orderBy('events.global_position')
    const rows = await (limit === undefined ? ordered : ordered.limit(limit)).execute()
    return rows.map(toLogEntry)
  }

  function toLogEntry(row: Selectable<EventsTable>): LogEntry {
    return {
      eventId: row.event_id,
      type: row.type,
      streamId: row.stream_id,
      position: { transactionId: row.transaction_id, globalPosition: row.global_position },
      decode: () => toStoredEvent(row),
    }
  }

  /**
   * The transaction id is selected as text (JavaScript has no xid8), under the column's own name.
   * ORDER BY must therefore name the column with its table (`events.transaction_id`): the bare name
   * would sort the text alias, where '100001' comes before '99999', and a reader would skip events
   * once transaction ids gain a digit. The qualified column also lets PostgreSQL walk the commit-order index.
   */
  function selectEvents(executor: Executor) {
    return executor
      .selectFrom('events')
      .select([
        'global_position',
        'stream_id',
        'stream_position',
        sql<string>`transaction_id::text`.as('transaction_id'),
        'type',
        'schema_version',
        'event_id',
        'user_id',
        'data',
        'metadata',
        'created_at',
      ])
  }

  function toStoredEvent(row: Selectable<EventsTable>): StoredEvent {
    return {
      type: row.type,
      data: registry.upcast(row.type, row.schema_version, row.data),
      eventId: row.event_id,
      streamId: row.stream_id,
      streamPosition: row.stream_position,
      globalPosition: row.global_position,
      transactionId: row.transaction_id,
      schemaVersion: row.schema_version,
      metadata: row.metadata,
      createdAt: new Date(row.created_at),
    }
  }

  return {
    append,
    transaction,
    decide,
    readStream,
    loadStream,
    readStreams,
    appendStreams,
    saveSnapshot,
    readByUser,
    readAll,
    readLog,
    readBatchEnd,
    readRange,
    countRange,
    streamVersion,
    registry,
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === uniqueViolation
}

import { randomUUID } from 'node:crypto'
import { sql, type DrainOuterGeneric, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import { retryTransient } from './retry-transient.ts'
import { lockStream } from './stream-lock.ts'
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
type PreparedEvents = { events: Required<NewEvent>[]; mayBeRetry: boolean }

export type AppendedNotice = { streamId: string; globalPositions: number[] }

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

  const notify = (notices: AppendedNotice[]) => {
    for (const notice of notices) onAppended?.(notice)
  }

  function transaction<T>(
    work: (tx: StoreTransaction<Tables>) => Promise<T>,
    { retryOnConflict = false }: TransactionOptions = {},
  ): Promise<T> {
    return retryTransient(() => transactionOnce(work), { onConflict: retryOnConflict })
  }

  async function transactionOnce<T>(work: (tx: StoreTransaction<Tables>) => Promise<T>): Promise<T> {
    const notices: AppendedNotice[] = []
    const result = await db.transaction().execute(async (trx) => {
      const lock = streamLocker(trx)
      return work({
        db: trx.$extendTables<Tables>(),
        append: async (streamId, expected, events, metadata) => {
          const prepared = prepare(events, metadata)
          await lock(streamId)
          const appended = await appendWithin(trx, streamId, expected, prepared, metadata)
          if (!appended.alreadyAppended) notices.push({ streamId, globalPositions: appended.globalPositions })
          return appended
        },
        readStream: async (streamId) => {
          await lock(streamId)
          return readStream(streamId, { executor: trx })
        },
      })
    })
    notify(notices)
    return result
  }

  /** Locks each stream once per transaction: the lock lasts until the transaction ends. */
  function streamLocker(trx: Transaction<EventsDatabase>) {
    const locked = new Set<string>()
    return async (streamId: string) => {
      if (locked.has(streamId)) return
      await lockStream(trx, streamId)
      locked.add(streamId)
    }
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
      const result = await db.transaction().execute(async (trx) => {
        await lockStream(trx, streamId)
        return appendWithin(trx, streamId, expected, prepared, metadata)
      })
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
    }
  }

  async function appendWithin(
    trx: Transaction<EventsDatabase>,
    streamId: string,
    expected: ExpectedVersion,
    { events: prepared, mayBeRetry }: PreparedEvents,
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    if (mayBeRetry) {
      const earlier = await findAlreadyAppended(trx, streamId, prepared)
      if (earlier) return earlier
    }

    const nextVersion = await bumpStreamVersion(trx, streamId, expected, prepared.length)
    const firstPosition = nextVersion - prepared.length + 1
    const createdAt = clock.now()
    const metadataJson = JSON.stringify(eventMetadataSchema.parse(metadata))
    const rows = await trx
      .insertInto('events')
      .values(
        prepared.map((event, index) => ({
          stream_id: streamId,
          stream_position: firstPosition + index,
          type: event.type,
          schema_version: registry.schemaVersionOf(event.type),
          event_id: event.eventId,
          user_id: metadata.userId ?? null,
          data: JSON.stringify(event.data),
          metadata: metadataJson,
          created_at: createdAt,
        })),
      )
      .returning('global_position')
      .execute()
    return {
      nextVersion,
      globalPositions: rows.map((row) => row.global_position),
      createdAt,
      alreadyAppended: false,
    }
  }

  /** Moves the stream's version under a row lock: concurrent writers of one stream queue here. */
  async function bumpStreamVersion(
    trx: Transaction<EventsDatabase>,
    streamId: string,
    expected: ExpectedVersion,
    count: number,
  ): Promise<number> {
    const now = clock.now()
    const created = () =>
      trx
        .insertInto('streams')
        .values({ stream_id: streamId, stream_type: streamTypeOf(streamId), version: count, updated_at: now })
        .onConflict((conflict) => conflict.column('stream_id').doNothing())
        .returning('version')
        .executeTakeFirst()
    const advanced = (onlyAt?: number) => {
      let query = trx
        .updateTable('streams')
        .set({ version: sql<number>`version + ${count}`, updated_at: now })
        .where('stream_id', '=', streamId)
      if (onlyAt !== undefined) query = query.where('version', '=', onlyAt)
      return query.returning('version').executeTakeFirst()
    }

    let row: { version: number } | undefined
    if (expected === 'no_stream' || expected === 0) row = await created()
    else if (expected === 'stream_exists') row = await advanced()
    else if (expected === 'any') row = (await created()) ?? (await advanced())
    else row = await advanced(expected)

    if (!row) throw new ConcurrencyError(streamId, expected, await streamVersion(streamId, trx))
    return row.version
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

  /** A user's whole history in the order it happened, for support staff and per-user rebuilds. */
  async function readByUser(userId: string, options: { executor?: Executor; upTo?: Checkpoint } = {}) {
    let query = selectEvents(options.executor ?? db).where('user_id', '=', userId)
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
    return rows.map((row) => ({
      eventId: row.event_id,
      type: row.type,
      streamId: row.stream_id,
      position: { transactionId: row.transaction_id, globalPosition: row.global_position },
      decode: () => toStoredEvent(row),
    }))
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

  return { append, transaction, readStream, readByUser, readAll, readLog, streamVersion, registry }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === uniqueViolation
}

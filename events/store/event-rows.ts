import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import type { EventsTable } from './tables.ts'
import type { Checkpoint, StoredEvent } from './types.ts'

/** Where the store's statements run: on the pool (each its own transaction) or inside a unit of work. */
export type Executor = Kysely<EventsDatabase> | Transaction<EventsDatabase>

/** An event of the log before its payload is decoded. */
export type LogEntry = {
  eventId: string
  type: string
  streamId: string
  position: Checkpoint
  decode: () => StoredEvent
}

/**
 * The transaction id is selected as text (JavaScript has no xid8), under the column's own name.
 * ORDER BY must therefore name the column with its table (`events.transaction_id`): the bare name
 * would sort the text alias, where '100001' comes before '99999', and a reader would skip events
 * once transaction ids gain a digit. The qualified column also lets PostgreSQL walk the commit-order index.
 */
export function selectEvents(executor: Executor) {
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

/** A stored row as its event, its payload upcast to the type's current schema and checked. */
export function toStoredEvent(registry: EventRegistry, row: Selectable<EventsTable>): StoredEvent {
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

export function toLogEntry(registry: EventRegistry, row: Selectable<EventsTable>): LogEntry {
  return {
    eventId: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    position: { transactionId: row.transaction_id, globalPosition: row.global_position },
    decode: () => toStoredEvent(registry, row),
  }
}

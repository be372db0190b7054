import type { ColumnType, Generated, JSONColumnType } from 'kysely'
import type { EventMetadata } from './types.ts'

/** The events table is the outbox: projectors read it in commit order. */
export type EventsTable = {
  global_position: Generated<number>
  stream_id: string
  stream_position: number
  /** xid8 of the writing transaction, read as text. */
  transaction_id: ColumnType<string, never, never>
  type: string
  schema_version: number
  event_id: string
  user_id: string | null
  data: JSONColumnType<Record<string, unknown>>
  metadata: JSONColumnType<EventMetadata>
  created_at: ColumnType<Date, Date | string, never>
}

type StreamsTable = {
  stream_id: string
  stream_type: string
  version: number
  updated_at: ColumnType<Date, Date | string, Date | string>
}

type ProjectionCheckpointsTable = {
  name: string
  version: number
  /** xid8 of the last applied event's transaction ('0' before any). */
  transaction_id: string
  global_position: number
  events_applied: number
  updated_at: ColumnType<Date, Date | string, Date | string>
}

/** A decider's folded state at a stream version, under its aggregate's snapshot key. */
type AggregateSnapshotsTable = {
  stream_id: string
  snapshot_key: string
  version: number
  state: JSONColumnType<Record<string, unknown>>
  updated_at: ColumnType<Date, Date | string, Date | string>
}

export type EventStoreTables = {
  aggregate_snapshots: AggregateSnapshotsTable
  events: EventsTable
  streams: StreamsTable
  projection_checkpoints: ProjectionCheckpointsTable
}

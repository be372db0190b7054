import { z } from 'zod'

const actorSchema = z.object({
  type: z.enum(['user', 'support', 'system', 'webhook', 'anonymous']),
  id: z.string().optional(),
})

export const eventMetadataSchema = z.object({
  actor: actorSchema,
  /** The person the event is about; drives per-user replay, rebuild and erasure. */
  userId: z.string().optional(),
  correlationId: z.string().optional(),
  causationId: z.string().optional(),
  requestId: z.string().optional(),
  /**
   * The Idempotency-Key of the request that wrote it: a repeat whose first try died with its server
   * finds by it whether that try's writes committed.
   */
  idempotencyKey: z.string().max(255).optional(),
})

export type Actor = z.infer<typeof actorSchema>
export type EventMetadata = z.infer<typeof eventMetadataSchema>

/** What a caller hands to `append`. The id makes a retried append harmless. */
export type NewEvent<Type extends string = string, Data = Record<string, unknown>> = {
  type: Type
  data: Data
  eventId?: string
}

export type StoredEvent<Type extends string = string, Data = Record<string, unknown>> = {
  type: Type
  data: Data
  eventId: string
  streamId: string
  streamPosition: number
  globalPosition: number
  transactionId: string
  schemaVersion: number
  metadata: EventMetadata
  createdAt: Date
}

/**
 * - a number: the stream must be at exactly that version (0 = no events yet);
 * - 'no_stream': the stream must not exist;
 * - 'stream_exists': the stream must have at least one event;
 * - 'any': no check.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any'

/**
 * What an append inside a unit of work answers before its events are written (at the latest when
 * the unit commits): their positions in the log are known only then, and come with the store's
 * notice of the commit.
 */
export type AppendResult = {
  /** The stream's version after the append. */
  nextVersion: number
  /** When the events were recorded: the time their `createdAt` carries. */
  createdAt: Date
  /** True when every event id had already been appended: nothing was written. */
  alreadyAppended: boolean
}

/** Where a reader of the whole log has got to: (transaction id, global position). */
export type Checkpoint = { transactionId: string; globalPosition: number }
export const startOfLog: Checkpoint = { transactionId: '0', globalPosition: 0 }

export class ConcurrencyError extends Error {
  readonly streamId: string
  readonly expected: ExpectedVersion
  readonly actual: number
  constructor(streamId: string, expected: ExpectedVersion, actual: number) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`)
    this.name = 'ConcurrencyError'
    this.streamId = streamId
    this.expected = expected
    this.actual = actual
  }
}

export class EventValidationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EventValidationError'
  }
}

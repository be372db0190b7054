import { z } from 'zod'

const cell = z.unknown().describe('A column value as JSON; times are ISO 8601 strings')
const row = z.record(z.string(), cell)

/** One view row a replay adds, removes, or changes column by column. */
const rowChangeSchema = z.discriminatedUnion('change', [
  z.object({ table: z.string(), key: z.string(), change: z.literal('added'), after: row }),
  z.object({ table: z.string(), key: z.string(), change: z.literal('removed'), before: row }),
  z.object({
    table: z.string(),
    key: z.string(),
    change: z.literal('changed'),
    columns: z.array(z.object({ column: z.string(), before: cell, after: cell })),
  }),
])

export const userReplaySchema = z.object({
  userId: z.string(),
  applied: z.boolean().describe('False for a dry run: nothing was written'),
  projections: z.array(z.object({ projection: z.string(), replayed: z.number() })),
  changes: z.array(rowChangeSchema),
  fingerprint: z.string().describe('Names this set of changes; give it to the apply to refuse it if the views moved'),
})

export const rebuildProgressSchema = z.object({
  projection: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  eventsDone: z.number(),
  eventsTotal: z.number(),
  seconds: z.number(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
})

export const deliverySchema = z.object({
  deliveryId: z.string().describe("Razorpay's event id (x-razorpay-event-id)"),
  eventType: z.string(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  receivedAt: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  outcome: z.enum(['pending', 'processed', 'ignored', 'duplicate-payment', 'failed']),
  outcomeDetail: z.string().nullable(),
  processedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  inngestRunId: z.string().nullable(),
  inngestRunUrl: z.string().nullable().describe("The run's page in the Inngest dashboard, when known"),
  causedEvents: z.array(
    z.object({
      eventId: z.string(),
      type: z.string(),
      streamId: z.string(),
      globalPosition: z.number(),
      userId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
})

import { z } from 'zod'

/** A projection's checkpoint, and the event it is halted at when it cannot apply one. */
export const projectionStatusSchema = z.object({
  name: z.string(),
  version: z.number(),
  storedVersion: z.number().optional(),
  eventsApplied: z.number(),
  checkpoint: z.object({ transactionId: z.string(), globalPosition: z.number() }),
  updatedAt: z.string().nullable(),
  stuck: z
    .object({
      transactionId: z.string(),
      globalPosition: z.number(),
      eventId: z.string(),
      eventType: z.string(),
      streamId: z.string(),
      error: z.string(),
      attempts: z.number(),
      firstFailedAt: z.string(),
      lastFailedAt: z.string(),
      nextAttemptAt: z.string(),
    })
    .nullable(),
})

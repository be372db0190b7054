import { z } from 'zod'

/** A projection's checkpoint, and the event it is halted at when it cannot apply one. */
export const projectionStatusSchema = z.object({
  name: z.string(),
  version: z.number(),
  storedVersion: z.number().optional(),
  eventsApplied: z.number(),
  checkpoint: z.object({ transactionId: z.string(), globalPosition: z.number() }),
  updatedAt: z.string().nullable(),
  behindEvents: z.number().describe('Events of the log the projection has not applied yet'),
  behindSeconds: z.number().describe('How long the oldest of those events has waited, in seconds (0 when none waits)'),
  rebuildable: z.boolean().describe('A view support may rebuild whole; false for a reactor (it would act twice)'),
  lastError: z.string().nullable().describe('Why the projection is halted, when it is'),
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

import { z } from 'zod'
import { defineEvent } from '#events/store/event-definition.ts'

/**
 * Support staff's reads of one person's history, kept on a stream of that person's own: the
 * events carry the person as `userId`, so each reading shows in the person's timeline, and the
 * staff member as the actor. They hold no personal data: a field is named by its path, never
 * by its value, so the record outlives an erasure intact.
 */
export const supportAuditStreamId = (userId: string) => `support_audit-${userId}`

const timelineFilters = z.object({
  types: z.array(z.string()),
  streams: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  correlationId: z.string().nullable(),
})

export const supportHistoryOpened = defineEvent({
  type: 'SupportHistoryOpened',
  schemaVersion: 1,
  schema: z.object({
    /** Where the staff member read from: the web console or the command line. */
    via: z.enum(['web', 'cli']),
    filters: timelineFilters,
  }),
})

export const supportFieldRevealed = defineEvent({
  type: 'SupportFieldRevealed',
  schemaVersion: 1,
  schema: z.object({
    via: z.enum(['web', 'cli']),
    /** The event whose field was shown, and the field's path in its data (e.g. `buyer.email`). */
    eventId: z.uuid(),
    eventType: z.string(),
    field: z.string(),
    reason: z.string().min(1),
  }),
})

export const supportAuditEventDefinitions = [supportHistoryOpened, supportFieldRevealed] as const

export const supportAuditEventTypes: readonly string[] = supportAuditEventDefinitions.map(
  (definition) => definition.type,
)

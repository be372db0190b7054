import { z } from 'zod'

const actorSchema = z.object({
  type: z.enum(['user', 'support', 'system', 'webhook', 'anonymous']),
  /** The person, the staff member, the job's name, or the Razorpay event id of a webhook delivery. */
  id: z.string().nullable(),
})

const timelineEventSchema = z.object({
  eventId: z.string(),
  cursor: z.string(),
  globalPosition: z.number(),
  type: z.string(),
  streamId: z.string(),
  streamType: z.string(),
  streamPosition: z.number(),
  createdAt: z.string(),
  actor: actorSchema,
  requestId: z.string().nullable(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  data: z.unknown(),
  /** Paths in `data` of personal values shown masked; each can be revealed with a reason. */
  masked: z.array(z.string()),
})

export const timelineSchema = z.object({
  userId: z.string(),
  erasedAt: z.string().nullable(),
  events: z.array(timelineEventSchema),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})

export const revealedFieldSchema = z.object({
  eventId: z.string(),
  field: z.string(),
  value: z.string().nullable(),
  erased: z.boolean(),
})

export const auditEntrySchema = z.object({
  eventId: z.string(),
  position: z.number(),
  at: z.string(),
  action: z.enum(['opened', 'revealed']),
  staffId: z.string().nullable(),
  staffEmail: z.string().nullable(),
  userId: z.string(),
  via: z.enum(['web', 'cli']),
  field: z.object({ eventId: z.string(), eventType: z.string(), field: z.string() }).nullable(),
  reason: z.string().nullable(),
})

const subscriptionSchema = z.object({
  planType: z.string(),
  status: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  interviewsIncluded: z.number(),
  carriedOver: z.number(),
  orderId: z.string(),
  scheduledPlan: z.string().nullable(),
  scheduledAt: z.string().nullable(),
})

export const timeTravelSchema = z.object({
  at: z.object({ eventId: z.string(), type: z.string(), createdAt: z.string(), index: z.number() }),
  previousEventId: z.string().nullable(),
  nextEventId: z.string().nullable(),
  subscription: subscriptionSchema.nullable(),
  usage: z.array(
    z.object({
      orderId: z.string(),
      planType: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      included: z.number(),
      used: z.number(),
      givenBack: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      orderId: z.string(),
      planType: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      paymentId: z.string().nullable(),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      failedAt: z.string().nullable(),
      expiredAt: z.string().nullable(),
      duplicatePaymentIds: z.array(z.string()),
    }),
  ),
  /** The person's interview reviews, counts only: what was said stays sealed. */
  interviewReviews: z.array(
    z.object({
      sessionId: z.string(),
      status: z.string(),
      endedAt: z.string().nullable(),
      questions: z.number(),
      rated: z.number(),
    }),
  ),
})

import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { orderMessages } from '#events/orders/order-decider.ts'
import { refundMessages } from '#server/support/refunds.ts'
import { userMessages } from '#events/users/user-decider.ts'
import { noSuchProjection } from '#server/support/projection-status.ts'
import { examplePerson, exampleIds, exampleTimes } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

const checkpoint = { transactionId: '48213', globalPosition: 1207 }

const projection = {
  name: 'interview_history',
  version: 3,
  storedVersion: 3,
  eventsApplied: 1207,
  checkpoint,
  updatedAt: exampleTimes.sessionEnded,
  behindEvents: 0,
  behindSeconds: 0,
  rebuildable: true,
  lastError: null,
  stuck: null,
}

const eventIds = {
  registered: '0b6c3f0e-1a2d-4e5f-8a9b-0c1d2e3f4a5b',
  ordered: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  paid: '9e8d7c6b-5a49-4382-a716-f5e4d3c2b1a0',
}
const staffId = 'c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f'
const correlationId = 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7'
const webhookEventId = 'evt_test_3f9a1c2b7d'
const rebuild = {
  projection: 'interview_history',
  status: 'done',
  eventsDone: 1207,
  eventsTotal: 1207,
  seconds: 1.8,
  startedBy: staffId,
  startedAt: exampleTimes.sessionEnded,
  finishedAt: '2026-11-24T14:40:44.463Z',
  error: null,
}
const noSuchPerson = `There is no person ${exampleIds.user}`
const noSuchEvent = `There is no event ${eventIds.paid} in this person's history`

const refund = {
  orderId: exampleIds.order,
  paymentId: 'pay_Q8hX2mT7Lw1Zc9',
  amount: 29900,
  gateway: 'razorpay',
  reason: 'owner-erased',
  refunded: false,
} as const
export const supportExamples = {
  'GET /support/users': {
    request: { query: { query: 'asha.rao@' } },
    success: {
      users: [
        {
          userId: exampleIds.user,
          email: examplePerson.email,
          name: 'Asha Rao',
          status: 'active',
          role: 'user',
          createdAt: exampleTimes.created,
          lastLoginAt: exampleTimes.signedIn,
          erasedAt: null,
        },
      ],
    },
  },
  'GET /support/users/{userId}/events': {
    request: { path: { userId: exampleIds.user } },
    success: {
      userId: exampleIds.user,
      erased: false,
      events: [
        {
          eventId: '0b6c3f0e-1a2d-4e5f-8a9b-0c1d2e3f4a5b',
          type: 'UserRegistered',
          streamId: `user-${exampleIds.user}`,
          streamPosition: 1,
          globalPosition: 1180,
          schemaVersion: 1,
          createdAt: exampleTimes.created,
          actor: { type: 'user', id: exampleIds.user },
          requestId: 'f3a9c2e1-7b4d-4c8e-9a1f-2d3e4f5a6b7c',
          data: { email: examplePerson.email, firstName: 'Asha', lastName: 'Rao', role: 'user' },
        },
      ],
    },
    errors: { not_found: { error: userMessages.notFound } },
  },
  'POST /support/users/{userId}/rebuild': {
    request: { path: { userId: exampleIds.user } },
    success: {
      projections: [
        { projection: 'users_view', replayed: 4 },
        { projection: 'interview_history', replayed: 6 },
      ],
    },
    errors: { not_found: { error: userMessages.notFound } },
  },
  'GET /support/projections': { success: { projections: [projection] } },
  'POST /support/projections/{name}/retry': {
    request: { path: { name: 'interview_history' } },
    success: projection,
    errors: { not_found: { error: noSuchProjection('interview_histroy') } },
  },
  'GET /support/users/{userId}/timeline': {
    request: { path: { userId: exampleIds.user }, query: { correlationId, limit: 50 } },
    success: {
      userId: exampleIds.user,
      erasedAt: null,
      events: [
        {
          eventId: eventIds.ordered,
          cursor: '48190:1190',
          globalPosition: 1190,
          type: 'OrderCreated',
          streamId: `order-${exampleIds.order}`,
          streamType: 'order',
          streamPosition: 1,
          createdAt: exampleTimes.ordered,
          actor: { type: 'user', id: exampleIds.user },
          requestId: 'a4b5c6d7-e8f9-4a0b-9c1d-2e3f4a5b6c7d',
          correlationId,
          causationId: null,
          data: { orderId: exampleIds.order, planType: 'professional', amount: 29900, currency: 'INR' },
          masked: [],
        },
      ],
      nextCursor: null,
    },
    errors: { not_found: { error: noSuchPerson } },
  },
  'POST /support/users/{userId}/authenticators/remove': {
    request: {
      path: { userId: exampleIds.user },
      json: { reason: 'Ticket 4907: lost phone; identity checked on a video call against the ID on file' },
    },
    success: { removed: true },
    errors: { invalid_request: { error: secondStepMessages.nothingToRemove } },
  },
  'POST /support/users/{userId}/reveal': {
    request: {
      path: { userId: exampleIds.user },
      json: {
        eventId: eventIds.registered,
        field: 'email',
        reason: 'Ticket 4812: the customer asks which address we hold',
      },
    },
    success: { eventId: eventIds.registered, field: 'email', value: examplePerson.email, erased: false },
    errors: {
      not_found: { error: `There is no event ${eventIds.registered} in this person's history` },
      invalid_request: { error: 'role is not a masked field of this event: nothing to reveal' },
    },
  },
  'GET /support/audit': {
    request: { query: { userId: exampleIds.user, limit: 50 } },
    success: {
      entries: [
        {
          eventId: '2a3b4c5d-6e7f-4081-9223-a4b5c6d7e8f9',
          position: 1215,
          at: '2026-11-24T14:45:02.118Z',
          action: 'revealed',
          staffId,
          staffEmail: 'support@example.com',
          userId: exampleIds.user,
          via: 'web',
          field: { eventId: eventIds.registered, eventType: 'UserRegistered', field: 'email' },
          reason: 'Ticket 4812: the customer asks which address we hold',
        },
      ],
      nextBefore: null,
    },
  },
  'GET /support/users/{userId}/as-of/{eventId}': {
    request: { path: { userId: exampleIds.user, eventId: eventIds.ordered } },
    success: {
      at: { eventId: eventIds.ordered, type: 'OrderCreated', createdAt: exampleTimes.ordered, index: 3 },
      previousEventId: eventIds.registered,
      nextEventId: eventIds.paid,
      subscription: null,
      usage: [],
      orders: [
        {
          orderId: exampleIds.order,
          planType: 'professional',
          amount: 29900,
          currency: 'INR',
          status: 'pending',
          paymentId: null,
          failureReason: null,
          createdAt: exampleTimes.ordered,
          paidAt: null,
          failedAt: null,
          expiredAt: null,
          duplicatePaymentIds: [],
        },
      ],
      interviewReviews: [],
    },
    errors: { not_found: { error: noSuchEvent } },
  },
  'POST /support/users/{userId}/replay': {
    request: { path: { userId: exampleIds.user }, json: { dryRun: true } },
    success: {
      userId: exampleIds.user,
      applied: false,
      projections: [
        { projection: 'subscriptions_view', replayed: 3 },
        { projection: 'usage_periods', replayed: 4 },
      ],
      changes: [
        {
          table: 'usage_periods',
          key: exampleIds.order,
          change: 'changed',
          columns: [{ column: 'interviews_used', before: 7, after: 1 }],
        },
      ],
      fingerprint: '3f1a9c0e5b7d2468ace0135792468ace0135792468ace0135792468ace01357',
    },
    errors: {
      concurrent_change: {
        error: 'The views changed since the dry run: nothing was applied. Run the dry run again and check its changes.',
      },
    },
  },
  'POST /support/projections/{name}/rebuild': {
    request: { path: { name: 'interview_history' } },
    success: { ...rebuild, status: 'running', eventsDone: 0, seconds: 0, finishedAt: null },
    errors: {
      not_found: { error: 'There is no view interview_histroy; views: users_view, interview_history' },
      concurrent_change: { error: 'A rebuild of interview_history is already running' },
    },
  },
  'GET /support/rebuilds': { success: { rebuilds: [rebuild] } },
  'GET /support/webhook-deliveries': {
    request: { query: { filter: 'failed', limit: 50 } },
    success: {
      deliveries: [
        {
          deliveryId: webhookEventId,
          eventType: 'payment.captured',
          orderId: exampleIds.order,
          paymentId: exampleIds.payment,
          receivedAt: exampleTimes.periodStart,
          attempts: 2,
          lastError: 'connect ECONNREFUSED 127.0.0.1:5432',
          outcome: 'failed',
          outcomeDetail: null,
          processedAt: null,
          nextAttemptAt: null,
          inngestRunId: null,
          inngestRunUrl: null,
          causedEvents: [],
        },
      ],
    },
  },
  'POST /support/webhook-deliveries/{deliveryId}/retry': {
    request: { path: { deliveryId: webhookEventId } },
    success: {
      via: 'in-process',
      delivery: {
        deliveryId: webhookEventId,
        eventType: 'payment.captured',
        orderId: exampleIds.order,
        paymentId: exampleIds.payment,
        receivedAt: exampleTimes.periodStart,
        attempts: 3,
        lastError: null,
        outcome: 'processed',
        outcomeDetail: null,
        processedAt: '2026-11-24T14:41:05.310Z',
        nextAttemptAt: null,
        inngestRunId: null,
        inngestRunUrl: null,
        causedEvents: [
          {
            eventId: eventIds.paid,
            type: 'PaymentVerified',
            streamId: `order-${exampleIds.order}`,
            globalPosition: 1192,
            userId: exampleIds.user,
            createdAt: '2026-11-24T14:41:05.298Z',
          },
        ],
      },
    },
    errors: {
      not_found: { error: `No webhook delivery ${webhookEventId}` },
      concurrent_change: {
        error: `Only a failed delivery, or a pending one that has failed, can be retried; ${webhookEventId} is processed`,
      },
    },
  },
  'GET /support/refunds': {
    request: { query: { limit: 50 } },
    success: { refunds: [refund] },
  },
  'POST /support/refunds/{orderId}/{paymentId}': {
    request: { path: { orderId: exampleIds.order, paymentId: 'pay_Q8hX2mT7Lw1Zc9' } },
    success: { ...refund, refunded: true },
    errors: {
      not_found: { error: orderMessages.nothingToRefund },
      payment_gateway_unavailable: { error: refundMessages.gatewayFailed },
    },
  },
} satisfies TagExamples

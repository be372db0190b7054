import { z } from 'zod'
import { planIds } from '#app.catalog.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/** Orders are named by the payment gateway's order id, so a webhook finds its order without a look-up. */
export const orderStreamId = (gatewayOrderId: string) => `order-${gatewayOrderId}`

const paymentGateway = z.enum(['razorpay', 'sandbox'])

/** Why a captured payment needs a refund instead of paying its order. */
const refundReason = z.enum(['order-already-paid', 'owner-erased'])

/**
 * What the order buys, as quoted when it was made (docs/decisions/0032-plan-changes.md): a new
 * period, an extension of the active one, or an upgrade priced at the list price less the unused
 * value of the current period. amount = listPrice - credit.
 */
const planChange = z.object({
  kind: z.enum(['new', 'extend', 'upgrade']),
  listPrice: z.number().int().positive(),
  credit: z.number().int().nonnegative(),
  fromPlan: z.enum(planIds).nullable(),
})

const orderCreated = defineEvent({
  type: 'OrderCreated',
  schemaVersion: 2,
  // Version 1 orders were all at the list price, with no credit.
  upcasters: {
    1: (data) => {
      const v1 = z.object({ amount: z.number() }).loose().parse(data)
      return { ...v1, change: { kind: 'new', listPrice: v1.amount, credit: 0, fromPlan: null } }
    },
  },
  schema: z.object({
    orderId: z.string(),
    userId: z.string(),
    planType: z.enum(planIds),
    billingCycle: z.literal('monthly'),
    amount: z.number().int().positive(),
    currency: z.literal('INR'),
    gateway: paymentGateway,
    receipt: z.string(),
    change: planChange,
    /**
     * The site the person placed the order on: mail about the order (the receipt) links there, as
     * mail about any other request does. Absent on older orders: PUBLIC_URL.
     */
    siteUrl: z.url().optional(),
  }),
})

/**
 * Not paid within its checkout window: the checkout is over. A payment that still arrives was
 * captured all the same, so it is honoured (PaymentVerified after OrderExpired).
 */
const orderExpired = defineEvent({
  type: 'OrderExpired',
  schemaVersion: 1,
  schema: z.object({ orderId: z.string(), createdAt: z.iso.datetime(), expiredAt: z.iso.datetime() }),
})

/**
 * The person closed the checkout without paying: the order is over for them at once, not only
 * when its window expires. The gateway can still report a payment (it pays the order) or a decline.
 */
const checkoutAbandoned = defineEvent({
  type: 'CheckoutAbandoned',
  schemaVersion: 1,
  schema: z.object({ orderId: z.string() }),
})

const paymentVerified = defineEvent({
  type: 'PaymentVerified',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    amount: z.number().int().positive(),
    /** Which signed message proved it first: the checkout's handler or a webhook. */
    verifiedBy: z.enum(['checkout', 'webhook']),
  }),
})

const paymentFailed = defineEvent({
  type: 'PaymentFailed',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    paymentId: z.string().nullable(),
    reason: z.string(),
    code: z.string().nullable(),
  }),
})

/**
 * A payment captured that must not pay its order, so it needs a refund: a second payment for an
 * order another payment already paid (the customer was charged twice), or a payment for the order
 * of a person erased since (nothing may start or be invoiced for them). It never changes the order
 * or the plan.
 */
const duplicatePaymentCaptured = defineEvent({
  type: 'DuplicatePaymentCaptured',
  schemaVersion: 2,
  // Version 1 was only ever written for orders already paid.
  upcasters: {
    1: (data) => ({ ...z.object({}).loose().parse(data), reason: 'order-already-paid' }),
  },
  schema: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    amount: z.number().int(),
    /** Which signed message told us about it. */
    reportedBy: z.enum(['checkout', 'webhook']),
    reason: refundReason,
  }),
})

/** Support gave back a payment that needed a refund, through the gateway's refund API. */
const paymentRefunded = defineEvent({
  type: 'PaymentRefunded',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    amount: z.number().int(),
    /** The gateway's id of the refund (`rfnd_…`). */
    refundId: z.string(),
  }),
})

export const orderEventDefinitions = [
  orderCreated,
  paymentVerified,
  paymentFailed,
  duplicatePaymentCaptured,
  orderExpired,
  paymentRefunded,
  checkoutAbandoned,
] as const
export type OrderEvent = EventOf<(typeof orderEventDefinitions)[number]>

export type OrderState =
  | { status: 'none' }
  | {
      status: 'created' | 'failed' | 'paid' | 'expired' | 'abandoned'
      orderId: string
      /** When the checkout window opened (the OrderCreated event's time). */
      createdAt: string
      userId: string
      planType: z.infer<typeof orderCreated.schema>['planType']
      amount: number
      gateway: z.infer<typeof paymentGateway>
      /** Where mail about this order links (OrderCreated's siteUrl). */
      siteUrl?: string
      /** What the order buys, as quoted: the invoice shows an upgrade's credit from it. */
      change?: z.infer<typeof planChange>
      paymentId: string | null
      failedPaymentIds: string[]
      /** Payments captured that must not pay the order (see DuplicatePaymentCaptured), each to be refunded. */
      duplicatePayments: { paymentId: string; amount: number }[]
      /** Those of them given back. */
      refundedPaymentIds: string[]
    }

export const initialOrderState: OrderState = { status: 'none' }

export function evolveOrder(state: OrderState, event: OrderEvent & { createdAt: Date }): OrderState {
  switch (event.type) {
    case 'OrderCreated':
      return {
        status: 'created',
        orderId: event.data.orderId,
        createdAt: event.createdAt.toISOString(),
        userId: event.data.userId,
        planType: event.data.planType,
        amount: event.data.amount,
        gateway: event.data.gateway,
        ...(event.data.siteUrl === undefined ? {} : { siteUrl: event.data.siteUrl }),
        change: event.data.change,
        paymentId: null,
        failedPaymentIds: [],
        duplicatePayments: [],
        refundedPaymentIds: [],
      }
    case 'PaymentVerified':
      return state.status === 'none' ? state : { ...state, status: 'paid', paymentId: event.data.paymentId }
    case 'PaymentFailed':
      return state.status === 'none' || state.status === 'paid' || state.status === 'expired'
        ? state
        : {
            ...state,
            status: 'failed',
            failedPaymentIds: event.data.paymentId
              ? [...state.failedPaymentIds, event.data.paymentId]
              : state.failedPaymentIds,
          }
    case 'DuplicatePaymentCaptured':
      return state.status === 'none'
        ? state
        : {
            ...state,
            duplicatePayments: [
              ...state.duplicatePayments,
              { paymentId: event.data.paymentId, amount: event.data.amount },
            ],
          }
    case 'OrderExpired':
      return state.status === 'none' || state.status === 'paid' ? state : { ...state, status: 'expired' }
    case 'PaymentRefunded':
      return state.status === 'none'
        ? state
        : { ...state, refundedPaymentIds: [...state.refundedPaymentIds, event.data.paymentId] }
    case 'CheckoutAbandoned':
      return state.status === 'created' ? { ...state, status: 'abandoned' } : state
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

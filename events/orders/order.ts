import { z } from 'zod'
import { planIds } from '#app.catalog.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/** Orders are named by the payment gateway's order id, so a webhook finds its order without a look-up. */
export const orderStreamId = (gatewayOrderId: string) => `order-${gatewayOrderId}`

const paymentGateway = z.enum(['razorpay', 'sandbox'])

const orderCreated = defineEvent({
  type: 'OrderCreated',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    userId: z.string(),
    planType: z.enum(planIds),
    billingCycle: z.literal('monthly'),
    amount: z.number().int().positive(),
    currency: z.literal('INR'),
    gateway: paymentGateway,
    receipt: z.string(),
  }),
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
 * A second payment captured for an order another payment already paid: the customer was charged
 * twice, so this one needs a refund. It never changes the order or the plan.
 */
const duplicatePaymentCaptured = defineEvent({
  type: 'DuplicatePaymentCaptured',
  schemaVersion: 1,
  schema: z.object({
    orderId: z.string(),
    paymentId: z.string(),
    amount: z.number().int(),
    /** Which signed message told us about it. */
    reportedBy: z.enum(['checkout', 'webhook']),
  }),
})

export const orderEventDefinitions = [orderCreated, paymentVerified, paymentFailed, duplicatePaymentCaptured] as const
export type OrderEvent = EventOf<(typeof orderEventDefinitions)[number]>

export type OrderState =
  | { status: 'none' }
  | {
      status: 'created' | 'failed' | 'paid'
      orderId: string
      userId: string
      planType: z.infer<typeof orderCreated.schema>['planType']
      amount: number
      gateway: z.infer<typeof paymentGateway>
      paymentId: string | null
      failedPaymentIds: string[]
      /** Payments captured after the order was paid, each to be refunded. */
      duplicatePaymentIds: string[]
    }

export const initialOrderState: OrderState = { status: 'none' }

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderCreated':
      return {
        status: 'created',
        orderId: event.data.orderId,
        userId: event.data.userId,
        planType: event.data.planType,
        amount: event.data.amount,
        gateway: event.data.gateway,
        paymentId: null,
        failedPaymentIds: [],
        duplicatePaymentIds: [],
      }
    case 'PaymentVerified':
      return state.status === 'none' ? state : { ...state, status: 'paid', paymentId: event.data.paymentId }
    case 'PaymentFailed':
      return state.status === 'none' || state.status === 'paid'
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
        : { ...state, duplicatePaymentIds: [...state.duplicatePaymentIds, event.data.paymentId] }
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

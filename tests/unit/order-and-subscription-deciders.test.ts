import { describe, expect, it } from 'vitest'
import { findPlan } from '#app.catalog.ts'
import { orderAggregate, orderMessages, type OrderCommand } from '#events/orders/order-decider.ts'
import type { OrderEvent } from '#events/orders/order.ts'
import { addOneMonth } from '#events/subscriptions/plan-period.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  isSubscriptionActive,
  type SubscriptionEvent,
} from '#events/subscriptions/subscription.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'
import { testOrderData } from '#tests/support/test-order.ts'

const givenOrder = deciderSpec(orderAggregate).given
const givenSubscription = deciderSpec(subscriptionAggregate).given

const orderData = testOrderData('u1', { orderId: 'order_1', planType: 'professional', amount: 29900, receipt: 'r1' })
const created: OrderEvent = { type: 'OrderCreated', data: orderData }
const paid: OrderEvent = {
  type: 'PaymentVerified',
  data: { orderId: 'order_1', paymentId: 'pay_1', amount: 29900, verifiedBy: 'checkout' },
}
const failed = (paymentId: string): OrderEvent => ({
  type: 'PaymentFailed',
  data: { orderId: 'order_1', paymentId, reason: 'Card declined', code: 'BAD_REQUEST_ERROR' },
})
const pay = (
  paymentId = 'pay_1',
  extra: Partial<Extract<OrderCommand, { type: 'RecordPayment' }>> = {},
): OrderCommand => ({
  type: 'RecordPayment',
  paymentId,
  amount: 29900,
  verifiedBy: 'webhook',
  ownerErased: false,
  ...extra,
})

describe('order decider', () => {
  it('creates an order once', () => {
    givenOrder()
      .when({ type: 'CreateOrder', owner: { userId: 'u1', erased: false }, data: orderData })
      .then([created])
    givenOrder(created)
      .when({ type: 'CreateOrder', owner: { userId: 'u1', erased: false }, data: orderData })
      .thenThrows('already-exists')
  })

  it('records the first proof of payment, and nothing for the same payment again', () => {
    givenOrder(created)
      .when(pay())
      .then([
        {
          type: 'PaymentVerified',
          data: { orderId: 'order_1', paymentId: 'pay_1', amount: 29900, verifiedBy: 'webhook' },
        },
      ])
    givenOrder(created, paid).when(pay()).then([])
  })

  it('records a second, different payment for a paid order as a duplicate that needs a refund, once', () => {
    const duplicate: OrderEvent = {
      type: 'DuplicatePaymentCaptured',
      data: {
        orderId: 'order_1',
        paymentId: 'pay_2',
        amount: 29900,
        reportedBy: 'webhook',
        reason: 'order-already-paid',
      },
    }
    givenOrder(created, paid).when(pay('pay_2')).then([duplicate])
    givenOrder(created, paid, duplicate).when(pay('pay_2')).then([])
    givenOrder(created, paid, duplicate).when(pay()).then([])
    givenOrder(created, paid, duplicate)
      .when(pay('pay_3', { verifiedBy: 'checkout', amount: 100 }))
      .then([
        {
          type: 'DuplicatePaymentCaptured',
          data: {
            orderId: 'order_1',
            paymentId: 'pay_3',
            amount: 100,
            reportedBy: 'checkout',
            reason: 'order-already-paid',
          },
        },
      ])
  })

  it('keeps a duplicate payment out of the order: still paid by the first, no failure recorded for it', () => {
    const duplicate: OrderEvent = {
      type: 'DuplicatePaymentCaptured',
      data: {
        orderId: 'order_1',
        paymentId: 'pay_2',
        amount: 29900,
        reportedBy: 'webhook',
        reason: 'order-already-paid',
      },
    }
    givenOrder(created, paid, duplicate)
      .when({ type: 'RecordFailure', paymentId: 'pay_2', reason: 'Refunded', code: null })
      .then([])
  })

  it("treats someone else's order as not found, and an unknown order likewise", () => {
    givenOrder(created)
      .when(pay('pay_1', { userId: 'u2' }))
      .thenThrows('not-found')
    givenOrder().when(pay()).thenThrows('not-found')
  })

  it('records a payment of the wrong amount as a failure, not as paid', () => {
    givenOrder(created)
      .when(pay('pay_1', { amount: 100 }))
      .then([
        {
          type: 'PaymentFailed',
          data: {
            orderId: 'order_1',
            paymentId: 'pay_1',
            reason: orderMessages.amountMismatch,
            code: 'AMOUNT_MISMATCH',
          },
        },
      ])
  })

  it('records a failure once per payment, never after the order is paid, and lets a later payment through', () => {
    const fail: OrderCommand = {
      type: 'RecordFailure',
      paymentId: 'pay_x',
      reason: 'Card declined',
      code: 'BAD_REQUEST_ERROR',
    }
    givenOrder(created)
      .when(fail)
      .then([failed('pay_x')])
    givenOrder(created, failed('pay_x')).when(fail).then([])
    givenOrder(created, paid).when(fail).then([])
    givenOrder(created, failed('pay_x'))
      .when(pay())
      .thenMatches([{ type: 'PaymentVerified' }])
  })

  it('marks a checkout the person closed as abandoned at once; the gateway can still pay or decline it', () => {
    const close: OrderCommand = { type: 'Abandon', userId: 'u1' }
    const abandoned: OrderEvent = { type: 'CheckoutAbandoned', data: { orderId: 'order_1' } }
    givenOrder(created).when(close).then([abandoned])
    givenOrder(created, abandoned).when(close).then([])
    // A decline already says why; a payment already says it is done; an expired window already closed it.
    givenOrder(created, failed('pay_x')).when(close).then([])
    givenOrder(created, paid).when(close).then([])
    givenOrder(created, abandoned)
      .when(pay())
      .thenMatches([{ type: 'PaymentVerified' }])
    givenOrder(created, abandoned)
      .when({ type: 'RecordFailure', paymentId: 'pay_x', reason: 'Card declined', code: 'BAD_REQUEST_ERROR' })
      .then([failed('pay_x')])
    // Not the person's order, or no order: not found.
    givenOrder(created).when({ type: 'Abandon', userId: 'u2' }).thenThrows('not-found', orderMessages.notFound)
    givenOrder().when(close).thenThrows('not-found', orderMessages.notFound)
    // Abandoned is already over: the checkout window's expiry changes nothing.
    givenOrder(created, abandoned)
      .when({ type: 'Expire', now: new Date('2030-01-01T00:00:00Z'), checkoutWindowMs: 1 })
      .then([])
  })
})

const now = new Date('2026-11-21T10:00:00Z')
const activated = (
  planType: 'starter' | 'professional' | 'pro',
  orderId: string,
  at: Date,
  interviewsIncluded: number,
): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: {
    userId: 'u1',
    orderId,
    planType,
    periodStart: at.toISOString(),
    periodEnd: addOneMonth(at).toISOString(),
    interviewsIncluded,
    carriedOver: 0,
    replacedPlan: null,
    periodValue: findPlan(planType)?.amount ?? 0,
  },
})

describe('subscription decider', () => {
  it("starts a one-month period with the plan's interviews", () => {
    givenSubscription()
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_1', planType: 'professional', now })
      .then([activated('professional', 'order_1', now, 15)])
  })

  it('activates an order only once', () => {
    givenSubscription(activated('starter', 'order_1', now, 5))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_1', planType: 'starter', now })
      .then([])
  })

  it('carries nothing over from a period that has ended', () => {
    const afterEnd = new Date('2027-01-02T00:00:00Z')
    givenSubscription(activated('starter', 'order_1', now, 5))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'starter', now: afterEnd })
      .thenMatches([{ data: { interviewsIncluded: 5, carriedOver: 0, replacedPlan: null } }])
  })

  it('expires a period only once it is over, and only once', () => {
    const history = [activated('pro', 'order_1', now, 25)]
    givenSubscription(...history)
      .when({ type: 'Expire', now: new Date('2026-12-20T00:00:00Z') })
      .then([])
    const over = new Date('2026-12-21T10:00:00Z')
    const expired: SubscriptionEvent = {
      type: 'SubscriptionExpired',
      data: { planType: 'pro', periodEnd: '2026-12-21T10:00:00.000Z' },
    }
    givenSubscription(...history)
      .when({ type: 'Expire', now: over })
      .then([expired])
    givenSubscription(...history, expired)
      .when({ type: 'Expire', now: over })
      .then([])
    givenSubscription().when({ type: 'Expire', now: over }).then([])
  })

  it('counts a period as active until its end, even before the expiry job runs', () => {
    const state = [activated('pro', 'order_1', now, 25)].reduce(evolveSubscription, initialSubscriptionState)
    expect(isSubscriptionActive(state, new Date('2026-12-21T09:59:59Z'))).toBe(true)
    expect(isSubscriptionActive(state, new Date('2026-12-21T10:00:00Z'))).toBe(false)
  })

  it('ends a month later on the same day, or on the last day of a shorter month', () => {
    expect(addOneMonth(new Date('2026-01-31T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z')
  })
})

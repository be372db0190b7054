import { describe, expect, it } from 'vitest'
import { findPlan, type Plan, type PlanId } from '#app.catalog.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { orderEventDefinitions, type OrderEvent } from '#events/orders/order.ts'
import { EventRegistry } from '#events/store/event-definition.ts'
import { quotePlanChange, unusedValue } from '#events/subscriptions/plan-change.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  subscriptionEventDefinitions,
  type SubscriptionEvent,
} from '#events/subscriptions/subscription.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'

const given = deciderSpec(subscriptionAggregate).given
const givenOrder = deciderSpec(orderAggregate).given
const owner = { userId: 'u1', erased: false }

const plan = (id: PlanId): Plan => {
  const found = findPlan(id)
  if (!found) throw new Error(id)
  return found
}
// A 30-day period: November 2026.
const start = new Date('2026-11-01T00:00:00.000Z')
const end = '2026-12-01T00:00:00.000Z'
const day = (n: number) => new Date(start.getTime() + n * 24 * 60 * 60 * 1000)

const activated = (planType: PlanId, orderId = 'order_1'): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: {
    userId: 'u1',
    orderId,
    planType,
    periodStart: start.toISOString(),
    periodEnd: end,
    interviewsIncluded: plan(planType).interviews,
    carriedOver: 0,
    replacedPlan: null,
    periodValue: plan(planType).amount,
  },
})
const stateOf = (...events: SubscriptionEvent[]) => events.reduce(evolveSubscription, initialSubscriptionState)
const scheduledStarter: SubscriptionEvent = {
  type: 'PlanChangeScheduled',
  data: { fromPlan: 'pro', toPlan: 'starter', effectiveAt: end },
}

describe('plan change quotes (paise)', () => {
  it('prices a first plan at its list price, starting at payment', () => {
    expect(quotePlanChange(initialSubscriptionState, plan('pro'), day(3))).toEqual({
      kind: 'new',
      planType: 'pro',
      currentPlan: null,
      listPrice: 49900,
      credit: 0,
      amountDue: 49900,
      startsAt: day(3).toISOString(),
      periodEnd: '2026-12-04T00:00:00.000Z',
    })
  })

  it('the same plan again extends the period by one month, at the list price', () => {
    expect(quotePlanChange(stateOf(activated('starter')), plan('starter'), day(10))).toMatchObject({
      kind: 'extend',
      amountDue: 9900,
      credit: 0,
      periodEnd: '2027-01-01T00:00:00.000Z',
    })
  })

  it('an upgrade costs the new price less the unused value of the current period', () => {
    // 20 of 30 days unused of a ₹99 period: 9900 × 20 / 30 = 6600 paise of credit.
    expect(quotePlanChange(stateOf(activated('starter')), plan('pro'), day(10))).toEqual({
      kind: 'upgrade',
      planType: 'pro',
      currentPlan: 'starter',
      listPrice: 49900,
      credit: 6600,
      amountDue: 43300,
      startsAt: day(10).toISOString(),
      periodEnd: '2026-12-11T00:00:00.000Z',
    })
  })

  it('counts a day begun as unused, and rounds the credit down to whole paise', () => {
    // 29900 × 7 / 30 = 6976.67 → 6976.
    expect(unusedValue(stateOf(activated('professional')), day(23))).toBe(6976)
    expect(unusedValue(stateOf(activated('professional')), day(23.5))).toBe(6976)
    // Right after paying, the whole period is unused: Starter → Pro costs 49900 − 9900.
    expect(quotePlanChange(stateOf(activated('starter')), plan('pro'), day(0.001))).toMatchObject({
      credit: 9900,
      amountDue: 40000,
    })
    expect(quotePlanChange(stateOf(activated('professional')), plan('pro'), day(23))).toMatchObject({
      credit: 6976,
      amountDue: 42924,
    })
  })

  it('a downgrade costs nothing now and starts when the period ends', () => {
    expect(quotePlanChange(stateOf(activated('pro')), plan('starter'), day(10))).toEqual({
      kind: 'downgrade',
      planType: 'starter',
      currentPlan: 'pro',
      listPrice: 9900,
      credit: 0,
      amountDue: 0,
      startsAt: end,
      periodEnd: null,
    })
    expect(quotePlanChange(stateOf(activated('pro'), scheduledStarter), plan('starter'), day(10))).toMatchObject({
      kind: 'scheduled',
      amountDue: 0,
    })
  })

  it('refuses an upgrade the unused value already pays for (a period paid far ahead)', () => {
    const extended: SubscriptionEvent = {
      type: 'SubscriptionExtended',
      data: {
        orderId: 'order_2',
        periodOrderId: 'order_1',
        planType: 'professional',
        previousPeriodEnd: end,
        periodEnd: '2027-01-01T00:00:00.000Z',
        interviewsAdded: 15,
        interviewsIncluded: 30,
        valueAdded: 29900,
      },
    }
    // 59800 paise for two months, almost all unused: worth more than a month of Pro (49900).
    const quote = quotePlanChange(stateOf(activated('professional'), extended), plan('pro'), day(1))
    expect(quote.kind).toBe('unavailable')
    if (quote.kind === 'unavailable') expect(quote.reason).toMatch(/paid until January 1, 2027/)
  })

  it('after the period ended, every plan is a new period at its list price', () => {
    const afterEnd = day(31)
    for (const id of ['starter', 'pro'] as const) {
      expect(quotePlanChange(stateOf(activated('professional')), plan(id), afterEnd)).toMatchObject({
        kind: 'new',
        amountDue: plan(id).amount,
        credit: 0,
      })
    }
  })
})

describe('plan changes on the subscription stream', () => {
  it('same plan: extends the period by a month and adds that month’s interviews', () => {
    given(activated('starter'))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'starter', now: day(10) })
      .then([
        {
          type: 'SubscriptionExtended',
          data: {
            orderId: 'order_2',
            periodOrderId: 'order_1',
            planType: 'starter',
            previousPeriodEnd: end,
            periodEnd: '2027-01-01T00:00:00.000Z',
            interviewsAdded: 5,
            interviewsIncluded: 10,
            valueAdded: 9900,
          },
        },
      ])
  })

  it('upgrade: a new period of the new plan starts now, with exactly its interviews', () => {
    given(activated('starter'))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'pro', now: day(10) })
      .then([
        {
          type: 'SubscriptionActivated',
          data: {
            userId: 'u1',
            orderId: 'order_2',
            planType: 'pro',
            periodStart: day(10).toISOString(),
            periodEnd: '2026-12-11T00:00:00.000Z',
            interviewsIncluded: 25,
            carriedOver: 0,
            replacedPlan: 'starter',
            periodValue: 49900,
          },
        },
      ])
  })

  it('downgrade: scheduled for the end of the period, once; nothing else changes now', () => {
    given(activated('pro'))
      .when({ type: 'SchedulePlanChange', owner, planType: 'starter', now: day(10) })
      .then([scheduledStarter])
    given(activated('pro'), scheduledStarter)
      .when({ type: 'SchedulePlanChange', owner, planType: 'starter', now: day(11) })
      .then([])
    const state = stateOf(activated('pro'), scheduledStarter)
    expect(state).toMatchObject({ planType: 'pro', status: 'active', interviewsIncluded: 25 })
    expect(state.scheduledChange).toEqual({ toPlan: 'starter', effectiveAt: end })
  })

  it('refuses to schedule a plan that is not lower, or without an active period', () => {
    given(activated('starter'))
      .when({ type: 'SchedulePlanChange', owner, planType: 'pro', now: day(10) })
      .thenThrows('plan-change-refused', 'Pro is not a lower plan than the one you have: buy it instead.')
    given(activated('starter'))
      .when({ type: 'SchedulePlanChange', owner, planType: 'starter', now: day(10) })
      .thenThrows('plan-change-refused')
    given()
      .when({ type: 'SchedulePlanChange', owner, planType: 'starter', now: day(10) })
      .thenThrows('no-active-plan')
    given(activated('pro'))
      .when({ type: 'SchedulePlanChange', owner: { userId: 'u1', erased: true }, planType: 'starter', now: day(10) })
      .thenThrows('erased')
  })

  it('downgrade then cancel: the period ends as it would have, on the current plan', () => {
    const cancelled: SubscriptionEvent = {
      type: 'PlanChangeCancelled',
      data: { toPlan: 'starter', effectiveAt: end },
    }
    given(activated('pro'), scheduledStarter)
      .when({ type: 'CancelPlanChange', owner, now: day(20) })
      .then([cancelled])
    given(activated('pro'), scheduledStarter, cancelled)
      .when({ type: 'CancelPlanChange', owner, now: day(21) })
      .thenThrows('not-found', 'No plan change is scheduled.')
    given(activated('pro'), scheduledStarter, cancelled)
      .when({ type: 'Expire', now: day(30) })
      .then([{ type: 'SubscriptionExpired', data: { planType: 'pro', periodEnd: end } }])
  })

  it('expiry in between: the scheduled lower plan takes over at the end, waiting for its first payment', () => {
    const expired: SubscriptionEvent = { type: 'SubscriptionExpired', data: { planType: 'pro', periodEnd: end } }
    const applied: SubscriptionEvent = {
      type: 'PlanChangeApplied',
      data: { fromPlan: 'pro', toPlan: 'starter', effectiveAt: end },
    }
    given(activated('pro'), scheduledStarter)
      .when({ type: 'Expire', now: day(29) })
      .then([])
    given(activated('pro'), scheduledStarter)
      .when({ type: 'Expire', now: day(30) })
      .then([expired, applied])
    // Too late to cancel once the period is over.
    given(activated('pro'), scheduledStarter)
      .when({ type: 'CancelPlanChange', owner, now: day(30) })
      .thenThrows('not-found')
    const after = stateOf(activated('pro'), scheduledStarter, expired, applied)
    expect(after).toMatchObject({ planType: 'starter', status: 'expired', scheduledChange: null, switchedFrom: 'pro' })
    given(activated('pro'), scheduledStarter, expired, applied)
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's1', now: day(31) })
      .thenThrows(
        'no-active-plan',
        'Your Pro plan ended on December 1, 2026 and your account now shows Starter, which is not paid for yet. Buy it on the pricing page to start interviews.',
      )
    expect(quotePlanChange(after, plan('starter'), day(31))).toMatchObject({ kind: 'new', amountDue: 9900 })
    given(activated('pro'), scheduledStarter, expired, applied)
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'starter', now: day(31) })
      .thenMatches([
        { type: 'SubscriptionActivated', data: { planType: 'starter', interviewsIncluded: 5, replacedPlan: null } },
      ])
  })

  it('expiry in between: an upgrade or extension paid after the period ended starts a new period at payment', () => {
    const afterEnd = day(30.01)
    given(activated('starter'))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'pro', now: afterEnd })
      .thenMatches([
        {
          type: 'SubscriptionActivated',
          data: { planType: 'pro', periodStart: afterEnd.toISOString(), interviewsIncluded: 25, replacedPlan: null },
        },
      ])
    given(activated('starter'))
      .when({ type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'starter', now: afterEnd })
      .thenMatches([
        { type: 'SubscriptionActivated', data: { planType: 'starter', periodStart: afterEnd.toISOString() } },
      ])
  })

  it('buying a plan replaces a scheduled downgrade', () => {
    const upgraded = stateOf(activated('professional'), {
      type: 'PlanChangeScheduled',
      data: { fromPlan: 'professional', toPlan: 'starter', effectiveAt: end },
    })
    const events = subscriptionAggregate.decide(
      { type: 'Activate', userId: 'u1', orderId: 'order_2', planType: 'pro', now: day(5) },
      upgraded,
    )
    const after = events.reduce(evolveSubscription, upgraded)
    expect(after.scheduledChange).toBeNull()
    expect(after.planType).toBe('pro')
  })
})

const window = 30 * 60 * 1000
const createdAt = new Date('2026-11-01T10:00:00.000Z')
const created = {
  type: 'OrderCreated',
  createdAt,
  data: {
    orderId: 'order_1',
    userId: 'u1',
    planType: 'pro',
    billingCycle: 'monthly',
    amount: 43300,
    currency: 'INR',
    gateway: 'sandbox',
    receipt: 'r1',
    change: { kind: 'upgrade', listPrice: 49900, credit: 6600, fromPlan: 'starter' },
  },
} satisfies OrderEvent & { createdAt: Date }

describe('orders that expire', () => {
  const expired: OrderEvent = {
    type: 'OrderExpired',
    data: { orderId: 'order_1', createdAt: createdAt.toISOString(), expiredAt: '2026-11-01T10:30:00.000Z' },
  }

  it('expires an unpaid order once its checkout window has passed, once', () => {
    givenOrder(created)
      .when({ type: 'Expire', now: new Date('2026-11-01T10:29:59.999Z'), checkoutWindowMs: window })
      .then([])
    givenOrder(created)
      .when({ type: 'Expire', now: new Date('2026-11-01T10:30:00.000Z'), checkoutWindowMs: window })
      .then([expired])
    givenOrder(created, expired)
      .when({ type: 'Expire', now: new Date('2026-11-01T11:00:00.000Z'), checkoutWindowMs: window })
      .then([])
  })

  it('never expires a paid order', () => {
    const paid: OrderEvent = {
      type: 'PaymentVerified',
      data: { orderId: 'order_1', paymentId: 'pay_1', amount: 43300, verifiedBy: 'checkout' },
    }
    givenOrder(created, paid)
      .when({ type: 'Expire', now: new Date('2026-11-02T00:00:00Z'), checkoutWindowMs: window })
      .then([])
  })

  it('honours a payment that arrives after expiry, for the prorated amount only', () => {
    givenOrder(created, expired)
      .when({ type: 'RecordPayment', paymentId: 'pay_late', amount: 43300, verifiedBy: 'webhook', ownerErased: false })
      .then([
        {
          type: 'PaymentVerified',
          data: { orderId: 'order_1', paymentId: 'pay_late', amount: 43300, verifiedBy: 'webhook' },
        },
      ])
    givenOrder(created, expired)
      .when({ type: 'RecordPayment', paymentId: 'pay_late', amount: 49900, verifiedBy: 'webhook', ownerErased: false })
      .thenMatches([{ type: 'PaymentFailed', data: { code: 'AMOUNT_MISMATCH' } }])
    givenOrder(created, expired)
      .when({ type: 'RecordFailure', paymentId: 'pay_x', reason: 'declined', code: null })
      .then([])
  })
})

describe('stored events of the first schema version', () => {
  it('read a period worth its plan’s list price and an order at list price with no credit', () => {
    const registry = new EventRegistry([...subscriptionEventDefinitions, ...orderEventDefinitions])
    expect(
      registry.upcast('SubscriptionActivated', 1, {
        userId: 'u1',
        orderId: 'o1',
        planType: 'professional',
        periodStart: start.toISOString(),
        periodEnd: end,
        interviewsIncluded: 15,
        carriedOver: 0,
        replacedPlan: null,
      }),
    ).toMatchObject({ periodValue: 29900 })
    const { change: _quote, ...orderV1 } = created.data
    expect(registry.upcast('OrderCreated', 1, { ...orderV1, amount: 9900 })).toMatchObject({
      change: { kind: 'new', listPrice: 9900, credit: 0, fromPlan: null },
    })
  })
})

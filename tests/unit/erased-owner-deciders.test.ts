import { describe, it } from 'vitest'
import { interviewSessionAggregate } from '#events/interviews/interview-session-decider.ts'
import type { InterviewEvent } from '#events/interviews/interview-session.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { addOneMonth } from '#events/subscriptions/plan-period.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import type { SubscriptionEvent } from '#events/subscriptions/subscription.ts'
import { erasedAccountMessage } from '#events/users/owner.ts'
import { userAggregate } from '#events/users/user-decider.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'
import { testOrderData } from '#tests/support/test-order.ts'

/**
 * Whatever a person asks for on something they own — an order, an interview credit, a session, a
 * question — is refused once they are erased, whatever state the owned stream is in: the deciders
 * themselves refuse, not only the request's sign-in check.
 */
const erased = { userId: 'u1', erased: true }
const live = { userId: 'u1', erased: false }
const start = new Date('2026-11-21T10:00:00Z')

const orderData = testOrderData('u1', { orderId: 'order_1', planType: 'pro', amount: 49900, receipt: 'r1' })

const activated: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: {
    userId: 'u1',
    orderId: 'order_1',
    planType: 'pro',
    periodStart: start.toISOString(),
    periodEnd: addOneMonth(start).toISOString(),
    interviewsIncluded: 10,
    carriedOver: 0,
    replacedPlan: null,
    periodValue: 0,
  },
}

const started: InterviewEvent = {
  type: 'InterviewSessionStarted',
  data: { sessionId: 's1', userId: 'u1', mode: 'text', planType: 'pro', context: null },
}
const asked: Extract<InterviewEvent, { type: 'InterviewAsked' }>['data'] = {
  questionId: 'q1',
  source: 'text',
  question: 'pii:v1:q',
  contextUsed: false,
  category: 'technical',
  confidence: null,
  answerSource: null,
  answer: 'pii:v1:a',
  provider: 'offline',
  model: 'interview-kb-v1',
  latencyMs: 12,
  usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
}

describe('nothing new is decided for an erased owner', () => {
  it('the order decider refuses a new order', () => {
    deciderSpec(orderAggregate)
      .given()
      .when({ type: 'CreateOrder', owner: erased, data: orderData })
      .thenThrows('erased', erasedAccountMessage)
    deciderSpec(orderAggregate)
      .given()
      .when({ type: 'CreateOrder', owner: live, data: orderData })
      .then([{ type: 'OrderCreated', data: orderData }])
  })

  it('the order decider takes a payment for an erased owner as one to refund, and its refund once', () => {
    const payment = { type: 'RecordPayment', paymentId: 'pay_1', amount: 49900, verifiedBy: 'webhook' } as const
    const toRefund = {
      type: 'DuplicatePaymentCaptured',
      data: { orderId: 'order_1', paymentId: 'pay_1', amount: 49900, reportedBy: 'webhook', reason: 'owner-erased' },
    } as const
    const givenOpen = deciderSpec(orderAggregate).given({ type: 'OrderCreated', data: orderData })
    givenOpen.when({ ...payment, ownerErased: true }).then([toRefund])
    givenOpen.when({ ...payment, ownerErased: false }).then([
      {
        type: 'PaymentVerified',
        data: { orderId: 'order_1', paymentId: 'pay_1', amount: 49900, verifiedBy: 'webhook' },
      },
    ])
    const givenDue = deciderSpec(orderAggregate).given({ type: 'OrderCreated', data: orderData }, toRefund)
    givenDue.when({ ...payment, ownerErased: true }).then([])
    givenDue.when({ type: 'RecordRefund', paymentId: 'pay_2', refundId: 'rfnd_1' }).thenThrows('not-found')
    givenDue.when({ type: 'RecordRefund', paymentId: 'pay_1', refundId: 'rfnd_1' }).then([
      {
        type: 'PaymentRefunded',
        data: { orderId: 'order_1', paymentId: 'pay_1', amount: 49900, refundId: 'rfnd_1' },
      },
    ])
    deciderSpec(orderAggregate)
      .given({ type: 'OrderCreated', data: orderData }, toRefund, {
        type: 'PaymentRefunded',
        data: { orderId: 'order_1', paymentId: 'pay_1', amount: 49900, refundId: 'rfnd_1' },
      })
      .when({ type: 'RecordRefund', paymentId: 'pay_1', refundId: 'rfnd_2' })
      .then([])
  })

  it('the subscription decider refuses an interview credit, though interviews remain', () => {
    const givenPlan = deciderSpec(subscriptionAggregate).given(activated)
    givenPlan
      .when({ type: 'UseInterviewCredit', owner: erased, sessionId: 's1', now: start })
      .thenThrows('erased', erasedAccountMessage)
    givenPlan
      .when({ type: 'UseInterviewCredit', owner: live, sessionId: 's1', now: start })
      .then([{ type: 'InterviewCreditUsed', data: { sessionId: 's1', orderId: 'order_1' } }])
  })

  it('the session decider refuses to start a session', () => {
    deciderSpec(interviewSessionAggregate)
      .given()
      .when({
        type: 'Start',
        owner: erased,
        sessionId: 's1',
        userId: 'u1',
        mode: 'text',
        planType: 'pro',
        context: null,
      })
      .thenThrows('erased', erasedAccountMessage)
  })

  it('the session decider refuses a question in a session still open', () => {
    const givenOpen = deciderSpec(interviewSessionAggregate).given(started)
    givenOpen
      .when({ type: 'RecordQuestion', owner: erased, userId: 'u1', asked })
      .thenThrows('erased', erasedAccountMessage)
    givenOpen
      .when({ type: 'RecordQuestion', owner: live, userId: 'u1', asked })
      .then([{ type: 'InterviewAsked', data: asked }])
  })

  it('the user decider refuses everything but erasing again', () => {
    const givenErased = deciderSpec(userAggregate).given(
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          email: 'pii:v1:e',
          firstName: 'pii:v1:f',
          lastName: 'pii:v1:l',
          avatarUrl: null,
          provider: 'password',
          providerUserId: null,
          emailConfirmed: true,
          role: 'support',
        },
      },
      { type: 'UserErased', data: { requestedBy: 'user' } },
    )
    givenErased.when({ type: 'ChangeRole', role: 'user' }).thenThrows('erased', erasedAccountMessage)
    givenErased.when({ type: 'SignOutEverywhere' }).thenThrows('erased', erasedAccountMessage)
    givenErased.when({ type: 'Erase', requestedBy: 'support' }).then([])
  })
})

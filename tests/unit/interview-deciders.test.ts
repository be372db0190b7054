import { describe, expect, it } from 'vitest'
import {
  gracePeriodMs,
  interviewSessionAggregate,
  type SessionCommand,
} from '#events/interviews/interview-session-decider.ts'
import type { InterviewEvent } from '#events/interviews/interview-session.ts'
import { addOneMonth } from '#events/subscriptions/plan-period.ts'
import {
  subscriptionAggregate,
  usageMessages,
  type SubscriptionCommand,
} from '#events/subscriptions/subscription-decider.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
} from '#events/subscriptions/subscription.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'

const start = new Date('2026-11-21T10:00:00Z')
const at = (ms: number) => new Date(start.getTime() + ms)
const sealed = (text: string) => `pii:v1:${text}` as const
const owner = { userId: 'u1', erased: false }

const activated = (interviews: number, orderId = 'o1'): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: {
    userId: 'u1',
    orderId,
    planType: 'starter',
    periodStart: start.toISOString(),
    periodEnd: addOneMonth(start).toISOString(),
    interviewsIncluded: interviews,
    carriedOver: 0,
    replacedPlan: null,
    periodValue: 0,
  },
})
const used = (sessionId: string): SubscriptionEvent => ({
  type: 'InterviewCreditUsed',
  data: { sessionId, orderId: 'o1' },
})
/** A session ended and its interview counted. */
const counted = (sessionId: string): SubscriptionEvent => ({
  type: 'InterviewCreditSettled',
  data: { sessionId, orderId: 'o1', counted: true, reason: 'ended' },
})
const givenPlan = deciderSpec(subscriptionAggregate).given

describe('interview credits (subscription decider)', () => {
  it('takes a credit while interviews remain', () => {
    givenPlan(activated(2))
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's1', now: at(1000) })
      .then([used('s1')])
  })

  it('refuses with no plan, naming the way to upgrade', () => {
    givenPlan()
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's1', now: start })
      .thenThrows('no-active-plan', usageMessages.noPlan)
  })

  it('refuses once the period is over, naming the plan and its end', () => {
    givenPlan(activated(2))
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's1', now: addOneMonth(start) })
      .thenThrows(
        'no-active-plan',
        'Your Starter plan ended on December 21, 2026; plans do not renew by themselves. Buy a plan on the pricing page to start interviews.',
      )
  })

  it('refuses a second session while one holds a credit, naming it', () => {
    givenPlan(activated(2), used('s1'))
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's2', now: at(1000) })
      .thenThrows('session-active', /already active \(s1\)/)
  })

  it('refuses when the allowance is used up, naming the plan, the way on, and that nothing renews', () => {
    givenPlan(activated(2), used('s1'), counted('s1'), used('s2'), counted('s2'))
      .when({ type: 'UseInterviewCredit', owner, sessionId: 's3', now: at(1000) })
      .thenThrows(
        'limit-reached',
        /^You have used all 2 interviews of your Starter plan for this period, which ends on [A-Z][a-z]+ \d{1,2}, \d{4}\. For more interviews now, choose a higher plan or add a month on the pricing page\. Nothing renews and nothing is charged automatically\.$/,
      )
  })

  it('gives a credit back when a session did not count, once, and only from its own period', () => {
    const settle = (counted: boolean): SubscriptionCommand => ({
      type: 'SettleInterviewCredit',
      sessionId: 's1',
      counted,
      reason: 'ended',
    })
    givenPlan(activated(2), used('s1'))
      .when(settle(false))
      .then([
        { type: 'InterviewCreditSettled', data: { sessionId: 's1', orderId: 'o1', counted: false, reason: 'ended' } },
      ])
    const settled: SubscriptionEvent = {
      type: 'InterviewCreditSettled',
      data: { sessionId: 's1', orderId: 'o1', counted: false, reason: 'ended' },
    }
    givenPlan(activated(2), used('s1'), settled).when(settle(false)).then([])
    const state = [activated(1), used('s1'), settled].reduce(evolveSubscription, initialSubscriptionState)
    expect(state.interviewsUsed).toBe(0)
    const renewed = activated(5, 'o2')
    givenPlan(activated(2), used('s1'), renewed)
      .when(settle(false))
      .thenMatches([{ data: { orderId: null } }])
  })
})

const startCommand: SessionCommand = {
  type: 'Start',
  owner,
  sessionId: 's1',
  userId: 'u1',
  mode: 'text',
  planType: 'starter',
  context: null,
}
const startedEvent: InterviewEvent = {
  type: 'InterviewSessionStarted',
  data: { sessionId: 's1', userId: 'u1', mode: 'text', planType: 'starter', context: null },
}
const asked: Extract<InterviewEvent, { type: 'InterviewAsked' }>['data'] = {
  questionId: 'q1',
  source: 'text',
  question: sealed('q'),
  contextUsed: false,
  category: 'technical',
  confidence: null,
  answerSource: null,
  answer: sealed('a'),
  provider: 'offline',
  model: 'interview-kb-v1',
  latencyMs: 12,
  usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
}
const givenSession = deciderSpec(interviewSessionAggregate).given

describe('interview session decider', () => {
  it('starts once', () => {
    givenSession().when(startCommand).then([startedEvent])
    givenSession({ ...startedEvent, createdAt: start })
      .when(startCommand)
      .thenThrows('already-exists')
  })

  it('records questions for its owner only, and none after the end', () => {
    const session = { ...startedEvent, createdAt: start }
    givenSession(session)
      .when({ type: 'RecordQuestion', owner, userId: 'u1', asked })
      .then([{ type: 'InterviewAsked', data: asked }])
    givenSession(session).when({ type: 'RecordQuestion', owner, userId: 'u2', asked }).thenThrows('not-found')
    const ended: InterviewEvent = {
      type: 'InterviewSessionEnded',
      data: { reason: 'ended', questionsAsked: 0, durationMs: 0, counted: false },
    }
    givenSession(session, { ...ended, createdAt: start })
      .when({ type: 'RecordQuestion', owner, userId: 'u1', asked })
      .thenThrows('session-ended')
  })

  it('does not count a session ended within the grace period with no question', () => {
    givenSession({ ...startedEvent, createdAt: start })
      .when({ type: 'End', userId: 'u1', now: at(gracePeriodMs - 1), reason: 'ended' })
      .then([
        {
          type: 'InterviewSessionEnded',
          data: { reason: 'ended', questionsAsked: 0, durationMs: gracePeriodMs - 1, counted: false },
        },
      ])
  })

  it('counts a session with a question, or one that lasted past the grace period', () => {
    const withQuestion = givenSession(
      { ...startedEvent, createdAt: start },
      { type: 'InterviewAsked', data: asked, createdAt: at(1000) },
    )
    withQuestion
      .when({ type: 'End', userId: 'u1', now: at(2000), reason: 'ended' })
      .thenMatches([{ data: { counted: true, questionsAsked: 1 } }])
    givenSession({ ...startedEvent, createdAt: start })
      .when({ type: 'End', userId: 'u1', now: at(gracePeriodMs), reason: 'ended' })
      .thenMatches([{ data: { counted: true } }])
  })

  it('records a rating of a question of the session, for its owner, also after the end', () => {
    const rated = { questionId: 'q1', rating: 4, note: sealed('more examples') }
    const asked1: InterviewEvent = { type: 'InterviewAsked', data: asked }
    const ended: InterviewEvent = {
      type: 'InterviewSessionEnded',
      data: { reason: 'ended', questionsAsked: 1, durationMs: 10, counted: true },
    }
    givenSession({ ...startedEvent, createdAt: start }, asked1, ended)
      .when({ type: 'RateAnswer', owner, userId: 'u1', rated })
      .then([{ type: 'AnswerRated', data: rated }])
    givenSession({ ...startedEvent, createdAt: start }, asked1)
      .when({ type: 'RateAnswer', owner, userId: 'u2', rated })
      .thenThrows('not-found', 'Interview session not found')
    givenSession({ ...startedEvent, createdAt: start }, asked1)
      .when({ type: 'RateAnswer', owner, userId: 'u1', rated: { ...rated, questionId: 'q2' } })
      .thenThrows('not-found', 'There is no such question in this interview session')
    givenSession().when({ type: 'RateAnswer', owner, userId: 'u1', rated }).thenThrows('not-found')
  })

  it('ends once', () => {
    const ended: InterviewEvent = {
      type: 'InterviewSessionEnded',
      data: { reason: 'ended', questionsAsked: 0, durationMs: 0, counted: false },
    }
    givenSession({ ...startedEvent, createdAt: start }, { ...ended, createdAt: start })
      .when({ type: 'End', userId: 'u1', now: at(1), reason: 'ended' })
      .then([])
  })
})

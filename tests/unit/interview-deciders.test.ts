import { describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { decideSession, gracePeriodMs, type SessionCommand } from '#events/interviews/interview-session-decider.ts'
import { evolveSession, initialSessionState, type InterviewEvent } from '#events/interviews/interview-session.ts'
import {
  addOneMonth,
  decideSubscription,
  usageMessages,
  type SubscriptionCommand,
} from '#events/subscriptions/subscription-decider.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
} from '#events/subscriptions/subscription.ts'

const start = new Date('2026-11-21T10:00:00Z')
const at = (ms: number) => new Date(start.getTime() + ms)
const sealed = (text: string) => `pii:v1:${text}` as const

function decide<State, Event, Command>(
  fn: (command: Command, state: State) => Event[],
  state: State,
  command: Command,
) {
  try {
    return { events: fn(command, state) }
  } catch (error) {
    if (error instanceof DomainError) return { refused: error.code, message: error.message }
    throw error
  }
}

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
  },
})
const used = (sessionId: string): SubscriptionEvent => ({
  type: 'InterviewCreditUsed',
  data: { sessionId, orderId: 'o1' },
})
const givenPlan = (...history: SubscriptionEvent[]) => ({
  when: (command: SubscriptionCommand) =>
    decide(decideSubscription, history.reduce(evolveSubscription, initialSubscriptionState), command),
})

describe('interview credits (subscription decider)', () => {
  it('takes a credit while interviews remain', () => {
    expect(givenPlan(activated(2)).when({ type: 'UseInterviewCredit', sessionId: 's1', now: at(1000) })).toEqual({
      events: [used('s1')],
    })
  })

  it('refuses with no plan, naming the way to upgrade', () => {
    expect(givenPlan().when({ type: 'UseInterviewCredit', sessionId: 's1', now: start })).toEqual({
      refused: 'no-active-plan',
      message: usageMessages.noPlan,
    })
  })

  it('refuses once the period is over, naming the plan and its end', () => {
    expect(
      givenPlan(activated(2)).when({ type: 'UseInterviewCredit', sessionId: 's1', now: addOneMonth(start) }),
    ).toEqual({
      refused: 'no-active-plan',
      message: 'Your Starter plan ended on December 21, 2026. Renew it at /pricing to start interviews.',
    })
  })

  it('refuses when the allowance is used up, naming the plan and the upgrade path', () => {
    expect(
      givenPlan(activated(2), used('s1'), used('s2')).when({
        type: 'UseInterviewCredit',
        sessionId: 's3',
        now: at(1000),
      }),
    ).toMatchObject({
      refused: 'limit-reached',
      message: expect.stringMatching(/used all 2 interviews of your Starter plan.*Upgrade at \/pricing/),
    })
  })

  it('gives a credit back when a session did not count, once, and only from its own period', () => {
    const settle = (counted: boolean): SubscriptionCommand => ({
      type: 'SettleInterviewCredit',
      sessionId: 's1',
      counted,
      reason: 'ended',
    })
    expect(givenPlan(activated(2), used('s1')).when(settle(false))).toEqual({
      events: [
        { type: 'InterviewCreditSettled', data: { sessionId: 's1', orderId: 'o1', counted: false, reason: 'ended' } },
      ],
    })
    const settled: SubscriptionEvent = {
      type: 'InterviewCreditSettled',
      data: { sessionId: 's1', orderId: 'o1', counted: false, reason: 'ended' },
    }
    expect(givenPlan(activated(2), used('s1'), settled).when(settle(false))).toEqual({ events: [] })
    const state = [activated(1), used('s1'), settled].reduce(evolveSubscription, initialSubscriptionState)
    expect(state.interviewsUsed).toBe(0)
    const renewed = activated(5, 'o2')
    const afterRenewal = givenPlan(activated(2), used('s1'), renewed).when(settle(false))
    expect(afterRenewal).toMatchObject({ events: [{ data: { orderId: null } }] })
  })
})

const startCommand: SessionCommand = {
  type: 'Start',
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
  answer: sealed('a'),
  provider: 'offline',
  model: 'interview-kb-v1',
  latencyMs: 12,
  usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
}
const givenSession = (...history: { event: InterviewEvent; at: Date }[]) => ({
  when: (command: SessionCommand) =>
    decide(
      decideSession,
      history.reduce(
        (state, { event, at: createdAt }) => evolveSession(state, { ...event, createdAt }),
        initialSessionState,
      ),
      command,
    ),
})

describe('interview session decider', () => {
  it('starts once', () => {
    expect(givenSession().when(startCommand)).toEqual({ events: [startedEvent] })
    expect(givenSession({ event: startedEvent, at: start }).when(startCommand)).toMatchObject({
      refused: 'already-exists',
    })
  })

  it('records questions for its owner only, and none after the end', () => {
    const session = { event: startedEvent, at: start }
    expect(givenSession(session).when({ type: 'RecordQuestion', userId: 'u1', asked })).toEqual({
      events: [{ type: 'InterviewAsked', data: asked }],
    })
    expect(givenSession(session).when({ type: 'RecordQuestion', userId: 'u2', asked })).toMatchObject({
      refused: 'not-found',
    })
    const ended: InterviewEvent = {
      type: 'InterviewSessionEnded',
      data: { reason: 'ended', questionsAsked: 0, durationMs: 0, counted: false },
    }
    expect(
      givenSession(session, { event: ended, at: start }).when({ type: 'RecordQuestion', userId: 'u1', asked }),
    ).toMatchObject({ refused: 'session-ended' })
  })

  it('does not count a session ended within the grace period with no question', () => {
    expect(
      givenSession({ event: startedEvent, at: start }).when({
        type: 'End',
        userId: 'u1',
        now: at(gracePeriodMs - 1),
        reason: 'ended',
      }),
    ).toEqual({
      events: [
        {
          type: 'InterviewSessionEnded',
          data: { reason: 'ended', questionsAsked: 0, durationMs: gracePeriodMs - 1, counted: false },
        },
      ],
    })
  })

  it('counts a session with a question, or one that lasted past the grace period', () => {
    const withQuestion = givenSession(
      { event: startedEvent, at: start },
      { event: { type: 'InterviewAsked', data: asked }, at: at(1000) },
    )
    expect(withQuestion.when({ type: 'End', userId: 'u1', now: at(2000), reason: 'ended' })).toMatchObject({
      events: [{ data: { counted: true, questionsAsked: 1 } }],
    })
    expect(
      givenSession({ event: startedEvent, at: start }).when({
        type: 'End',
        userId: 'u1',
        now: at(gracePeriodMs),
        reason: 'ended',
      }),
    ).toMatchObject({
      events: [{ data: { counted: true } }],
    })
  })

  it('ends once', () => {
    const ended: InterviewEvent = {
      type: 'InterviewSessionEnded',
      data: { reason: 'ended', questionsAsked: 0, durationMs: 0, counted: false },
    }
    expect(
      givenSession({ event: startedEvent, at: start }, { event: ended, at: start }).when({
        type: 'End',
        userId: 'u1',
        now: at(1),
        reason: 'ended',
      }),
    ).toEqual({ events: [] })
  })
})

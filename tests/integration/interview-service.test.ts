import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { abandonAfterMs, gracePeriodMs } from '#events/interviews/interview-session-decider.ts'
import { analyzeScreenshot, askQuestion, streamQuestion } from '#server/interviews/ask.ts'
import { interviewHistory } from '#server/interviews/history.ts'
import { analyzeQuestion, generateQuestions, improveCommunication } from '#server/interviews/practice.ts'
import { activeSession, endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { usageLimits } from '#server/interviews/usage.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError

const refusal = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe.each(databaseKinds)('interview service on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const callerFor = (userId = randomUUID()): SignedInScope =>
    actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)

  it('refuses a session without a plan with a 403-style refusal naming the way to upgrade', async () => {
    expect(await refusal(startSession(callerFor(), { mode: 'text' }))).toMatchObject({
      code: 'no-active-plan',
      message: expect.stringContaining('the pricing page') as unknown,
    })
  })

  it('answers with its confidence and source, and reads a follow-up against the previous question', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    await startSession(caller, { mode: 'text' })
    const first = await askQuestion(caller, { question: 'Tell me about a time you failed.' })
    expect(first).toMatchObject({
      source: 'knowledge-base',
      matchedQuestion: 'Tell me about a time you failed or made a mistake.',
    })
    expect(first.confidence).toBeGreaterThanOrEqual(0.6)

    const followUp = await askQuestion(caller, { question: 'And what would you do differently?' })
    expect(followUp).toMatchObject({ source: 'knowledge-base', matchedQuestion: first.matchedQuestion })
    expect(followUp.response).toContain('Following up on: Tell me about a time you failed.')

    const unknown = await askQuestion(caller, { question: 'What is the capital of France?' })
    expect(unknown.source).toBe('framework')
    expect(unknown.response).toMatch(/^\*\*In short:\*\* I have no prepared answer for this question/)
  })

  it('runs a session: start, ask, end; usage counts it, history lists it', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    const session = await startSession(caller, { mode: 'text' })
    expect(session).toMatchObject({ status: 'active', questionsAsked: 0 })
    expect((await activeSession(caller))?.id).toBe(session.id)

    const answer = await askQuestion(caller, { question: 'What is a hash map and how does it handle collisions?' })
    expect(answer.response.toLowerCase()).toContain('hash')
    expect(answer).toMatchObject({
      provider: 'offline',
      sessionId: session.id,
      usage: { interviews: { used: 1, remaining: 4, total: 5 } },
    })

    const ended = await endSession(caller, session.id)
    expect(ended).toMatchObject({ status: 'ended', counted: true, questionsAsked: 1 })
    expect(await activeSession(caller)).toBeNull()
    expect((await usageLimits(caller)).interviews).toEqual({ used: 1, remaining: 4, total: 5 })

    await test.runtime.jobs.settled()
    const history = await interviewHistory(caller, { page: 1, pageSize: 10 })
    expect(history.total).toBe(1)
    expect(history.sessions[0]).toMatchObject({ id: session.id, counted: true, questionsAsked: 1 })
    expect(history.sessions[0]?.questions[0]).toMatchObject({
      question: 'What is a hash map and how does it handle collisions?',
      provider: 'offline',
      model: 'interview-kb-v1',
    })
    expect(await interviewHistory(callerFor(), { page: 1, pageSize: 10 })).toMatchObject({ total: 0, sessions: [] })
  })

  it('gives the interview back when a session ends within the grace period with no question', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    const session = await startSession(caller, { mode: 'voice' })
    expect((await usageLimits(caller)).interviews.used).toBe(1)
    test.clock.advance(gracePeriodMs - 1000)
    expect(await endSession(caller, session.id)).toMatchObject({ counted: false })
    expect((await usageLimits(caller)).interviews).toEqual({ used: 0, remaining: 5, total: 5 })
  })

  it('gates features by plan with a clear refusal', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    expect(await refusal(startSession(caller, { mode: 'text', context: { resume: 'Ten years of Go' } }))).toMatchObject(
      {
        code: 'feature-not-in-plan',
        message: expect.stringMatching(
          /Resume and job description context.*Starter plan does not include it.*Pro plan.*the pricing page/,
        ) as unknown,
      },
    )
    expect(await refusal(improveCommunication(caller, { response: 'Um, I basically did it.' }))).toMatchObject({
      code: 'feature-not-in-plan',
    })
    const questions = await generateQuestions(caller, { topic: 'SQL joins', difficulty: 'medium', count: 5 })
    expect(questions.questions).toHaveLength(5)
  })

  it('applies one context rule to every call that takes context: refused without the plan, used with it', async () => {
    const context = { resume: 'Senior Engineer at Zephyrlabs (2021 - present)\n- Built the payouts service in Go' }
    const professional = callerFor()
    await grantPlan(test.runtime, professional.userId, 'professional')
    await startSession(professional, { mode: 'text' })
    const drain = async (events: AsyncIterable<unknown>) => {
      const seen: unknown[] = []
      for await (const event of events) seen.push(event)
      return seen
    }
    const calls: [string, () => Promise<unknown>][] = [
      ['session start', () => startSession(professional, { mode: 'text', context })],
      ['question', () => askQuestion(professional, { question: 'Tell me about yourself', context })],
      ['stream', () => drain(streamQuestion(professional, { question: 'Tell me about yourself', context }))],
      ['screenshot', () => analyzeScreenshot(professional, { image: 'aGVsbG8=', context })],
      ['analyze', () => analyzeQuestion(professional, { question: 'What is a closure?', context })],
      ['generate', () => generateQuestions(professional, { topic: 'SQL', difficulty: 'easy', count: 1, context })],
    ]
    for (const [name, call] of calls)
      expect({ name, ...(await refusal(call())) }).toMatchObject({
        name,
        code: 'feature-not-in-plan',
        message: expect.stringMatching(/^Resume and job description context: Your Professional plan/) as unknown,
      })
    const blank = await askQuestion(professional, { question: 'Tell me about yourself', context: { resume: '  ' } })
    expect(blank.response).toContain('[your current role]')

    const pro = callerFor()
    await grantPlan(test.runtime, pro.userId, 'pro')
    await startSession(pro, { mode: 'text', context })
    const grounded = await askQuestion(pro, { question: 'Tell me about yourself' })
    expect(grounded.response).toContain('Senior Engineer at Zephyrlabs')
  })

  it('refuses questions outside a session', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    expect(await refusal(askQuestion(caller, { question: 'What is a closure?' }))).toMatchObject({
      code: 'no-active-session',
    })
  })

  it('ends an abandoned session in the start that finds it, and refuses while a session is still in use', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    const first = await startSession(caller, { mode: 'text' })
    test.clock.advance(abandonAfterMs - 1000)
    expect(await refusal(startSession(caller, { mode: 'text' }))).toMatchObject({ code: 'session-active' })
    test.clock.advance(2000)
    const second = await startSession(caller, { mode: 'text' })
    expect(second).toMatchObject({ status: 'active' })
    expect(second.id).not.toBe(first.id)
    expect(await activeSession(caller)).toMatchObject({ id: second.id })
    // The abandoned session outlived the grace period, so it counts, and the new one took its own.
    expect((await usageLimits(caller)).interviews).toEqual({ used: 2, remaining: 3, total: 5 })
  })

  it('starts one of 8 simultaneous starts, refuses the rest naming it, and refuses at the limit', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    /** Ends a session after the grace period, so its interview counts. */
    const endCounted = async (sessionId: string | undefined) => {
      test.clock.advance(gracePeriodMs + 1)
      expect(await endSession(caller, sessionId)).toMatchObject({ counted: true })
    }
    for (let index = 0; index < 3; index += 1) await endCounted((await startSession(caller, { mode: 'text' })).id)
    const attempts = await Promise.allSettled(Array.from({ length: 8 }, () => startSession(caller, { mode: 'text' })))
    const started = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []))
    const refused = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as unknown] : []))
    expect(started).toHaveLength(1)
    for (const reason of refused)
      expect(reason).toMatchObject({ code: 'session-active', details: { sessionId: started[0]?.id } })
    expect((await usageLimits(caller)).interviews).toEqual({ used: 4, remaining: 1, total: 5 })

    await endCounted(started[0]?.id)
    await endCounted((await startSession(caller, { mode: 'text' })).id)
    expect(await refusal(startSession(caller, { mode: 'text' }))).toMatchObject({ code: 'limit-reached' })
  })
})

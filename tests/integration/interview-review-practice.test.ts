/**
 * The weak spots of a review: besides abstentions, low confidence and low ratings, a topic that
 * came up again in a later interview is worth practising; a question asked once is not.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { askQuestion } from '#server/interviews/ask.ts'
import { endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { sessionReview } from '#server/interviews/review/session-review.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('the practice list of a review', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const callerFor = (userId = randomUUID()): SignedInScope =>
    actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)

  async function interview(caller: SignedInScope, questions: readonly string[]) {
    const session = await startSession(caller, { mode: 'text' })
    for (const question of questions) {
      test.clock.advance(60_000)
      await askQuestion(caller, { question })
    }
    test.clock.advance(60_000)
    await endSession(caller, session.id)
    test.clock.advance(60_000)
    return session.id
  }

  it('lists a topic asked again in a later interview, and only in the review of the earlier one', async () => {
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    const first = await interview(caller, [
      'How does a hash map handle collisions?',
      'What is the difference between a process and a thread?',
    ])
    const second = await interview(caller, ['Explain how hash maps handle collisions.'])

    const earlier = await sessionReview(caller, first)
    expect(earlier.questions.map((question) => question.trust)).toEqual(['confident', 'confident'])
    expect(earlier.practice).toEqual([
      {
        questionId: earlier.questions[0]?.id,
        topic: 'How does a hash map handle collisions?',
        reason: 'asked-again',
      },
    ])
    const later = await sessionReview(caller, second)
    expect(later.practice.filter((item) => item.reason === 'asked-again')).toEqual([])
  })

  it('does not count another person asking the same question', async () => {
    const caller = callerFor()
    const other = callerFor()
    await Promise.all([grantPlan(test.runtime, caller.userId, 'pro'), grantPlan(test.runtime, other.userId, 'pro')])
    const first = await interview(caller, ['How does a hash map handle collisions?'])
    await interview(other, ['How does a hash map handle collisions?'])
    expect((await sessionReview(caller, first)).practice).toEqual([])
  })
})

/**
 * A write whose transaction committed answers 2xx even if the database goes away right after:
 * the answer is made from what was read inside the transaction, never from a read after the
 * commit, which would turn a stored change into a 503 that a client following Retry-After
 * repeats. The database "goes away" for the service's reads the moment its transaction commits.
 */
import { randomUUID } from 'node:crypto'
import type { KyselyPlugin } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { updateProfile } from '#server/accounts/profile.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts'
import { endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { interviewSessionAggregate } from '#events/interviews/interview-session-decider.ts'
import { actingAs, asAnonymous } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

/** The runtime, with every query after the first committed transaction failing as a dropped connection does. */
function downAfterCommit(runtime: Runtime): Runtime {
  let down = false
  const dropped: KyselyPlugin = {
    transformQuery: (args) => {
      if (down) throw new Error('Connection terminated unexpectedly')
      return args.node
    },
    transformResult: (args) => Promise.resolve(args.result),
  }
  const store: Runtime['store'] = {
    ...runtime.store,
    transaction: async (work) => {
      const result = await runtime.store.transaction(work)
      down = true
      return result
    },
  }
  return { ...runtime, db: runtime.db.withPlugin(dropped), store }
}

describe('a write committed just before the database went away', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  const request = (runtime: Runtime) => ({ runtime, requestId: randomUUID(), clientIp: '192.0.2.7' })

  it('the outage is what the services see after the commit', async () => {
    const runtime = downAfterCommit(test.runtime)
    await runtime.store.transaction(() => Promise.resolve())
    const error = await runtime.db
      .selectFrom('user_emails')
      .selectAll()
      .execute()
      .catch((caught: unknown) => caught)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('a sign-up answers the new account', async () => {
    const email = `committed-${randomUUID()}@example.test`
    const answer = await registerWithPassword(asAnonymous(request(downAfterCommit(test.runtime))), {
      email,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    expect(answer.user).toMatchObject({ email, firstName: 'Ada' })
    expect(answer.subscription.planType).toBe('none')
    const stored = await test.runtime.db
      .selectFrom('user_emails')
      .select('user_id')
      .where('email', '=', email)
      .execute()
    expect(stored.map((row) => row.user_id)).toEqual([answer.user.id])
  })

  it('a profile change answers the changed account', async () => {
    const email = `profile-${randomUUID()}@example.test`
    const { user } = await registerWithPassword(asAnonymous(request(test.runtime)), {
      email,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const answer = await updateProfile(actingAs(request(downAfterCommit(test.runtime)), user.id), {
      firstName: 'Grace',
      lastName: 'Hopper',
    })
    expect(answer.user).toMatchObject({ id: user.id, firstName: 'Grace', lastName: 'Hopper' })
  })

  it('a session start with a context answers the session and its context', async () => {
    const { user } = await registerWithPassword(asAnonymous(request(test.runtime)), {
      email: `session-${randomUUID()}@example.test`,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    await grantPlan(test.runtime, user.id, 'pro')
    const context = { resume: 'Senior Engineer at Zephyrlabs', jobDescription: 'Backend engineer, Go' }
    const answer = await startSession(actingAs(request(downAfterCommit(test.runtime)), user.id), {
      mode: 'text',
      context,
    })
    expect(answer).toMatchObject({ status: 'active', mode: 'text', context })
    const stored = await test.runtime.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', interviewSessionAggregate.streamId(answer.id))
      .execute()
    expect(stored.map((row) => row.type)).toEqual(['InterviewSessionStarted'])
  })

  it('a session end answers the session and its context', async () => {
    const { user } = await registerWithPassword(asAnonymous(request(test.runtime)), {
      email: `session-end-${randomUUID()}@example.test`,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    await grantPlan(test.runtime, user.id, 'pro')
    const context = { resume: 'Senior Engineer at Zephyrlabs', jobDescription: 'Backend engineer, Go' }
    const started = await startSession(actingAs(request(test.runtime), user.id), { mode: 'text', context })
    const answer = await endSession(actingAs(request(downAfterCommit(test.runtime)), user.id), started.id)
    expect(answer).toMatchObject({ id: started.id, status: 'ended', context })
  })
})

import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { updateProfile } from '#server/accounts/profile.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { loadProfile } from '#server/accounts/user-account.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { usageLimits } from '#server/interviews/usage.ts'
import { actingAs, asAnonymous, type SignedInScope } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, secondReplicaOf, type TestRuntime } from '#tests/support/test-runtime.ts'

const parallelStarts = 20

const scopeFor = (runtime: Runtime, userId: string): SignedInScope =>
  actingAs({ runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)

/** Each outcome as the caller sees it: 'ok', or the refusal's code; anything else is rethrown by the test. */
async function outcomesOf(work: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(work)
  return settled.map((result) => {
    if (result.status === 'fulfilled') return 'ok'
    const reason: unknown = result.reason
    if (reason instanceof DomainError) return reason.code
    throw reason
  })
}

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  )

describe.each(databaseKinds)('commands racing on one stream on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  it.each(['starter', 'pro'] as const)(
    'starts exactly one of %s simultaneous session starts and refuses the rest as session-active',
    async (planId) => {
      const userId = randomUUID()
      await grantPlan(test.runtime, userId, planId)
      const outcomes = await outcomesOf(
        Array.from({ length: parallelStarts }, () => startSession(scopeFor(test.runtime, userId), { mode: 'text' })),
      )
      expect(tally(outcomes)).toEqual({ ok: 1, 'session-active': parallelStarts - 1 })
      expect((await usageLimits(scopeFor(test.runtime, userId))).interviews).toMatchObject({ used: 1 })
    },
  )

  it('applies every one of 20 simultaneous profile updates; the last one decided is the profile', async () => {
    const email = `racer-${randomUUID().slice(0, 8)}@example.com`
    const anonymous = asAnonymous({ runtime: test.runtime, requestId: randomUUID(), clientIp: randomUUID() })
    const registered = await registerWithPassword(anonymous, {
      email,
      password: 'Passw0rd!xyz',
      firstName: 'Ravi',
      lastName: 'Kumar',
    })
    const userId = registered.user.id
    const names = Array.from({ length: 20 }, (_, index) => ({ firstName: `Name${index}`, lastName: `Racer${index}` }))
    const outcomes = await outcomesOf(names.map((name) => updateProfile(scopeFor(test.runtime, userId), name)))
    expect(tally(outcomes)).toEqual({ ok: names.length })
    const profile = await loadProfile(test.runtime.store, userId, test.runtime.db)
    expect(names).toContainEqual({ firstName: profile?.firstName, lastName: profile?.lastName })
  })
})

describe('two instances on one PostgreSQL database', () => {
  let first: TestRuntime
  let second: Runtime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    first = await createTestRuntime('postgres')
    teardown.add(() => first.close())
    const replica = await secondReplicaOf(first, { poolSize: 12 })
    teardown.add(() => replica.close())
    second = replica.runtime
  })

  it('grant exactly one of 20 simultaneous starts between them and take one interview', async () => {
    const userId = randomUUID()
    await grantPlan(first.runtime, userId, 'starter')
    const outcomes = await outcomesOf(
      Array.from({ length: parallelStarts }, (_, index) =>
        startSession(scopeFor(index % 2 === 0 ? first.runtime : second, userId), { mode: 'text' }),
      ),
    )
    expect(tally(outcomes)).toEqual({ ok: 1, 'session-active': parallelStarts - 1 })
    expect((await usageLimits(scopeFor(second, userId))).interviews).toMatchObject({ used: 1 })
  })
})

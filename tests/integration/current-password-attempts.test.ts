/**
 * A signed-in token is not the password: wrong current passwords count like failed sign-ins, so a
 * stolen access token cannot guess its way to the password and take the account over for good.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changePassword } from '#server/accounts/change-password.ts'
import { accountLimits } from '#server/accounts/rate-limiter.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { actingAs, createRequestScope } from '#server/request-scope.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe('wrong current passwords on a signed-in account', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  const request = () => ({ runtime: test.runtime, requestId: randomUUID(), clientIp: randomUUID() })

  it('are refused once the limit is reached, even with the right password, until the window ends', async () => {
    const password = 'Passw0rd!xyz'
    const { user } = await registerWithPassword(createRequestScope(request()), {
      email: `guessed-${randomUUID().slice(0, 8)}@example.com`,
      password,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    // Every guess from a fresh address: the limit is the account's, not the address's.
    const attempt = (currentPassword: string) =>
      changePassword(actingAs(request(), user.id), { sessionId: undefined, currentPassword, newPassword: 'N3w!pass' })

    for (let guess = 0; guess < accountLimits.currentPasswordPerAccount.limit; guess += 1)
      await expect(attempt(`Wrong-${guess}`)).rejects.toMatchObject({ code: 'wrong-password' })
    await expect(attempt('Wrong-again')).rejects.toMatchObject({ code: 'rate-limited' })
    await expect(attempt(password)).rejects.toMatchObject({ code: 'rate-limited' })

    test.clock.advance(accountLimits.currentPasswordPerAccount.windowMs)
    await expect(attempt(password)).resolves.toEqual({ changed: true })
  })
})

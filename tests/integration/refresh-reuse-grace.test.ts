import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { authenticate } from '#server/accounts/authenticate.ts'
import { registerUser } from '#server/accounts/register-user.ts'
import { refreshTokenPair } from '#server/accounts/token-refresh.ts'
import { refreshReuseGraceMs } from '#server/accounts/tokens/refresh-tokens.ts'
import { issueTokenPair } from '#server/accounts/tokens/token-pair.ts'
import { asAnonymous } from '#server/request-scope.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('refresh-token reuse grace on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const scope = () => asAnonymous({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' })

  /** A confirmed person signed in once: their first pair. */
  async function signedIn() {
    const userId = randomUUID()
    await test.runtime.store.transaction((tx) =>
      registerUser(
        tx,
        {
          userId,
          email: `${userId}@example.test`,
          firstName: 'Ravi',
          lastName: 'Kumar',
          avatarUrl: null,
          provider: 'password',
          providerUserId: null,
          emailConfirmed: true,
        },
        { actor: { type: 'anonymous' }, userId },
      ),
    )
    return test.runtime.db.transaction().execute((trx) => issueTokenPair(trx, test.runtime, userId, 'user'))
  }

  /** 'ok', or the refusal's code; anything else fails the test. */
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work
      return 'ok'
    } catch (error) {
      if (error instanceof DomainError) return error.code
      throw error
    }
  }

  it('answers the same pair to a repeat within the grace; both access tokens work, the new refresh token too', async () => {
    const first = await signedIn()
    const winner = await refreshTokenPair(scope(), first.refreshToken)
    test.clock.advance(refreshReuseGraceMs - 1000)
    const retry = await refreshTokenPair(scope(), first.refreshToken)

    expect(retry.tokens).toEqual(winner.tokens)
    expect(winner.tokens.refreshToken).not.toBe(first.refreshToken)
    expect(await authenticate(test.runtime, retry.tokens.accessToken)).not.toBeNull()
    const next = await refreshTokenPair(scope(), retry.tokens.refreshToken)
    expect(await authenticate(test.runtime, next.tokens.accessToken)).not.toBeNull()
  })

  it('answers every one of 10 simultaneous exchanges of one token the same pair', async () => {
    const first = await signedIn()
    const answers = await Promise.all(Array.from({ length: 10 }, () => refreshTokenPair(scope(), first.refreshToken)))

    expect(new Set(answers.map((answer) => JSON.stringify(answer.tokens))).size).toBe(1)
    const [pair] = answers
    expect(await authenticate(test.runtime, pair?.tokens.accessToken ?? '')).not.toBeNull()
    expect(await codeOf(refreshTokenPair(scope(), pair?.tokens.refreshToken ?? ''))).toBe('ok')
  })

  it('revokes the family when the token comes back after the grace', async () => {
    const first = await signedIn()
    const winner = await refreshTokenPair(scope(), first.refreshToken)
    test.clock.advance(refreshReuseGraceMs + 1)

    expect(await codeOf(refreshTokenPair(scope(), first.refreshToken))).toBe('refresh-reused')
    expect(await authenticate(test.runtime, winner.tokens.accessToken)).toBeNull()
    expect(await codeOf(refreshTokenPair(scope(), winner.tokens.refreshToken))).toBe('refresh-invalid')
  })

  it('revokes the family when the token comes back within the grace but its successor was already exchanged', async () => {
    const first = await signedIn()
    const second = await refreshTokenPair(scope(), first.refreshToken)
    const third = await refreshTokenPair(scope(), second.tokens.refreshToken)

    expect(await codeOf(refreshTokenPair(scope(), first.refreshToken))).toBe('refresh-reused')
    expect(await authenticate(test.runtime, third.tokens.accessToken)).toBeNull()
  })
})

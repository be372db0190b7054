/**
 * The sandbox Google provider's codes: issued by the consent screen, exchanged once, only with the
 * verifier of the browser that asked, only while fresh, and never on a server with Supabase.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import {
  authorizeSandboxGoogle,
  challengeOf,
  exchangeSandboxGoogleCode,
  sandboxGoogleMessages,
  sandboxGoogleOffered,
} from '#server/accounts/sandbox-google.ts'
import { identityMessages } from '#server/accounts/identity-sign-in.ts'
import { createRequestScope } from '#server/request-scope.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const thisMachine = { fromLoopback: true }
const elsewhere = { fromLoopback: false }

const newVerifier = () => randomBytes(32).toString('base64url')

describe('sandbox Google sign-in codes', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  const scope = () => createRequestScope({ runtime: test.runtime, requestId: randomUUID(), clientIp: '10.1.2.3' })
  const authorize = async (email: string) => {
    const verifier = newVerifier()
    const { code } = await authorizeSandboxGoogle(
      scope(),
      {
        email,
        fullName: 'Meera Iyer',
        challenge: challengeOf(verifier),
      },
      thisMachine,
    )
    return { code, verifier }
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? { code: error.code, message: error.message } : error),
    )

  it('signs in (creating the account) once per code, as a confirmed Google account', async () => {
    const email = `sandbox-${randomUUID().slice(0, 8)}@example.com`
    const { code, verifier } = await authorize(email.toUpperCase())
    const session = await exchangeSandboxGoogleCode(scope(), { code, verifier }, thisMachine)
    expect(session.user).toMatchObject({ email, firstName: 'Meera', lastName: 'Iyer', emailConfirmed: true })
    expect(session.tokens.accessToken).not.toBe('')
    // The same code again is refused, and only the hash was ever stored.
    await expect(refusal(exchangeSandboxGoogleCode(scope(), { code, verifier }, thisMachine))).resolves.toEqual({
      code: 'invalid-token',
      message: sandboxGoogleMessages.unverified,
    })
    const stored = await test.runtime.db.selectFrom('sandbox_identity_codes').selectAll().execute()
    expect(stored.some((row) => row.code_hash === code)).toBe(false)
    // A second sign-in finds the same account.
    const again = await authorize(email)
    await expect(exchangeSandboxGoogleCode(scope(), again, thisMachine)).resolves.toMatchObject({
      user: { id: session.user.id },
    })
  })

  it('answers only callers on this machine, whatever address they claim to be forwarded from', async () => {
    const verifier = newVerifier()
    const input = {
      email: `sandbox-${randomUUID().slice(0, 8)}@example.com`,
      fullName: 'A B',
      challenge: challengeOf(verifier),
    }
    await expect(refusal(authorizeSandboxGoogle(scope(), input, elsewhere))).resolves.toEqual({
      code: 'not-configured',
      message: sandboxGoogleMessages.off,
    })
    const { code } = await authorizeSandboxGoogle(scope(), input, thisMachine)
    await expect(refusal(exchangeSandboxGoogleCode(scope(), { code, verifier }, elsewhere))).resolves.toMatchObject({
      code: 'not-configured',
    })
    expect(sandboxGoogleOffered(test.runtime, elsewhere)).toBe(false)
    expect(sandboxGoogleOffered(test.runtime, thisMachine)).toBe(true)
  })

  it('never opens an existing password account for a typed address, staff or not', async () => {
    const registered = await registerDirectly({ store: test.runtime.store }, 'Owner', test.clock)
    const existing = await test.runtime.db
      .selectFrom('user_emails')
      .select('email')
      .where('user_id', '=', registered.metadata.userId ?? '')
      .executeTakeFirstOrThrow()
    const { code, verifier } = await authorize(existing.email)
    await expect(refusal(exchangeSandboxGoogleCode(scope(), { code, verifier }, thisMachine))).resolves.toEqual({
      code: 'already-exists',
      message: identityMessages.addressTaken,
    })
    const linked = await test.runtime.db
      .selectFrom('provider_identities')
      .selectAll()
      .where('provider_user_id', '=', existing.email)
      .execute()
    expect(linked).toEqual([])
  })

  it('refuses a code with another verifier, a made-up code, and an expired code', async () => {
    const email = `sandbox-${randomUUID().slice(0, 8)}@example.com`
    const stolen = await authorize(email)
    await expect(
      refusal(exchangeSandboxGoogleCode(scope(), { code: stolen.code, verifier: newVerifier() }, thisMachine)),
    ).resolves.toMatchObject({
      code: 'invalid-token',
    })
    // The wrong verifier used the code up: the right one cannot follow.
    await expect(refusal(exchangeSandboxGoogleCode(scope(), stolen, thisMachine))).resolves.toMatchObject({
      code: 'invalid-token',
    })
    await expect(
      refusal(
        exchangeSandboxGoogleCode(
          scope(),
          { code: randomBytes(32).toString('base64url'), verifier: newVerifier() },
          thisMachine,
        ),
      ),
    ).resolves.toMatchObject({ code: 'invalid-token' })
    const late = await authorize(email)
    test.clock.advance(2 * 60_000 + 1)
    await expect(refusal(exchangeSandboxGoogleCode(scope(), late, thisMachine))).resolves.toMatchObject({
      code: 'invalid-token',
    })
  })
})

describe('sandbox Google sign-in with Supabase configured', () => {
  let test: TestRuntime
  beforeAll(async () => {
    test = await createTestRuntime('pglite', {
      SUPABASE_URL: 'https://project.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
    })
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
  })

  it('issues no code and exchanges none', async () => {
    const scope = createRequestScope({ runtime: test.runtime, requestId: randomUUID(), clientIp: '10.1.2.4' })
    const verifier = newVerifier()
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.code : error),
      )
    await expect(
      refused(
        authorizeSandboxGoogle(
          scope,
          { email: 'a@example.com', fullName: 'A B', challenge: challengeOf(verifier) },
          thisMachine,
        ),
      ),
    ).resolves.toBe('not-configured')
    await expect(
      refused(exchangeSandboxGoogleCode(scope, { code: randomBytes(32).toString('base64url'), verifier }, thisMachine)),
    ).resolves.toBe('not-configured')
  })
})

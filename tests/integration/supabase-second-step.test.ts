/**
 * Two-step sign-in with Supabase configured: the factors live at Supabase (the fake, driven by the
 * real supabase-js MFA API through the product's adapter), and the backend refuses a session at
 * aal1 of a person with a verified factor where the embedded mode asks for its code.
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { signInWithSupabase } from '#server/accounts/provider-sign-in.ts'
import { createRequestScope } from '#server/request-scope.ts'
import { createSupabaseFactors } from '#src/auth/flows/supabase-factors.ts'
import { startFakeSupabase, type FakeSupabase } from '#tests/fakes/supabase-auth-server.ts'
import { appOrigin, supabaseClient } from '#tests/fakes/supabase-client.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const password = 'Passw0rdOne'
const codeOf = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 })
/** A six-digit string that is not the current code, nor a neighbour within the skew. */
function wrongCode(secret: string): string {
  const near = new Set([-30, 0, 30].map((offset) => codeOf(secret, offset)))
  let candidate = 0
  while (near.has(String(candidate).padStart(6, '0'))) candidate += 1
  return String(candidate).padStart(6, '0')
}

describe('two-step sign-in in Supabase mode', () => {
  let fake: FakeSupabase
  let test: TestRuntime
  beforeAll(async () => {
    fake = await startFakeSupabase({ siteUrl: appOrigin, autoconfirm: true })
    test = await createTestRuntime('pglite', { SUPABASE_URL: fake.url, SUPABASE_ANON_KEY: fake.anonKey })
    test.runtime.jobs.stop()
    await test.runtime.jobs.settled()
  })
  afterAll(async () => {
    await (test as TestRuntime | undefined)?.close()
    await (fake as FakeSupabase | undefined)?.stop()
  })

  const scope = () => createRequestScope({ runtime: test.runtime, requestId: randomUUID(), clientIp: '10.9.8.7' })
  const backendSignIn = (token: string) => signInWithSupabase(scope(), { token, details: {} })
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? { code: error.code, details: error.details } : error),
    )

  async function signedInAtSupabase(email: string) {
    const supabase = supabaseClient(fake)
    const { data, error } = await supabase.auth.signInWithPassword({ email, password })
    if (error) throw error
    return { supabase, token: data.session.access_token, factors: createSupabaseFactors(supabase) }
  }

  it('enrols a factor, refuses aal1, accepts aal2 after a challenge, and lets go after unenrolling', async () => {
    const email = `mfa-${randomUUID().slice(0, 8)}@example.com`
    fake.createUser({ email, password })
    const first = await signedInAtSupabase(email)
    const account = await backendSignIn(first.token)

    const enrolled = await first.factors.enrol('Phone')
    if (!enrolled.success) throw new Error(enrolled.error)
    expect(enrolled.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolled.qrCode).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    // Unconfirmed, the factor asks nothing yet.
    expect((await backendSignIn((await signedInAtSupabase(email)).token)).user.id).toBe(account.user.id)

    expect(await first.factors.confirm(enrolled.factorId, wrongCode(enrolled.secret))).toMatchObject({
      success: false,
      error: expect.stringMatching(/code is not right/) as unknown,
    })
    expect(await first.factors.confirm(enrolled.factorId, codeOf(enrolled.secret))).toEqual({ success: true })
    const listed = await first.factors.list()
    expect(listed).toMatchObject({ success: true, factors: [{ id: enrolled.factorId, name: 'Phone' }] })
    const level = await first.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })

    const second = await signedInAtSupabase(email)
    const secondLevel = await second.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(secondLevel.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect(await refusal(backendSignIn(second.token))).toEqual({
      code: 'mfa-required',
      details: { factorId: enrolled.factorId },
    })

    expect(await second.factors.verify(enrolled.factorId, wrongCode(enrolled.secret))).toMatchObject({ success: false })
    const verified = await second.factors.verify(enrolled.factorId, codeOf(enrolled.secret))
    if (!verified.success) throw new Error(verified.error)
    expect((await backendSignIn(verified.accessToken)).user.id).toBe(account.user.id)

    // Supabase removes a verified factor only from a session at aal2: the adapter asks for a code first.
    const third = await signedInAtSupabase(email)
    const early = await third.supabase.auth.mfa.unenroll({ factorId: enrolled.factorId })
    expect(early.error?.code).toBe('insufficient_aal')
    expect(await third.factors.remove(enrolled.factorId, wrongCode(enrolled.secret))).toMatchObject({ success: false })
    expect(await third.factors.remove(enrolled.factorId, codeOf(enrolled.secret))).toEqual({ success: true })
    expect(await third.factors.list()).toEqual({ success: true, factors: [] })
    expect((await backendSignIn((await signedInAtSupabase(email)).token)).user.id).toBe(account.user.id)
  })

  it("refuses a challenge of another person's factor, a reused challenge, and a second factor at aal1", async () => {
    const email = `mfa-${randomUUID().slice(0, 8)}@example.com`
    fake.createUser({ email, password })
    const owner = await signedInAtSupabase(email)
    const enrolled = await owner.factors.enrol('Phone')
    if (!enrolled.success) throw new Error(enrolled.error)
    expect(await owner.factors.confirm(enrolled.factorId, codeOf(enrolled.secret))).toEqual({ success: true })

    const strangerEmail = `mfa-${randomUUID().slice(0, 8)}@example.com`
    fake.createUser({ email: strangerEmail, password })
    const stranger = await signedInAtSupabase(strangerEmail)
    const foreign = await stranger.supabase.auth.mfa.challenge({ factorId: enrolled.factorId })
    expect(foreign.error?.code).toBe('mfa_factor_not_found')

    const again = await signedInAtSupabase(email)
    const challenge = await again.supabase.auth.mfa.challenge({ factorId: enrolled.factorId })
    if (challenge.error) throw challenge.error
    const code = codeOf(enrolled.secret)
    const verified = await again.supabase.auth.mfa.verify({
      factorId: enrolled.factorId,
      challengeId: challenge.data.id,
      code,
    })
    expect(verified.error).toBeNull()
    const reused = await again.supabase.auth.mfa.verify({
      factorId: enrolled.factorId,
      challengeId: challenge.data.id,
      code,
    })
    expect(reused.error?.code).toBe('mfa_factor_not_found')

    const atFirstLevel = await signedInAtSupabase(email)
    expect((await atFirstLevel.factors.enrol('Tablet')).success).toBe(false)
    const enrol = await atFirstLevel.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })
    expect(enrol.error?.code).toBe('insufficient_aal')
  })
})

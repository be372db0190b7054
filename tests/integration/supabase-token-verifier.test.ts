/** The server-side Supabase token verifier against the fake project's JWKS, secret and /user. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSupabaseTokenVerifier,
  SupabaseTokenError,
  type SupabaseTokenErrorReason,
} from '#server/accounts/tokens/supabase-token-verifier.ts'
import { startFakeSupabase, type FakeSupabase } from '#tests/fakes/supabase-auth-server.ts'

describe('createSupabaseTokenVerifier', () => {
  let fake: FakeSupabase
  let userId: string
  let verifier: ReturnType<typeof createSupabaseTokenVerifier>

  beforeAll(async () => {
    fake = await startFakeSupabase()
    userId = fake.createUser({
      email: 'verify.me@example.com',
      password: 'Passw0rdOne',
      userMetadata: { first_name: 'Kiran', last_name: 'Das' },
    }).id
    verifier = createSupabaseTokenVerifier({ url: fake.url, anonKey: fake.anonKey, jwtSecret: fake.jwtSecret })
  })
  afterAll(() => fake.stop())

  async function rejection(token: string, using = verifier): Promise<SupabaseTokenError> {
    const error: unknown = await using.verify(token).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    if (!(error instanceof SupabaseTokenError)) throw new Error(`expected a SupabaseTokenError, got ${String(error)}`)
    expect(error.message).not.toContain(token)
    return error
  }

  it('accepts an ES256 token from the JWKS and reads confirmation from the auth server', async () => {
    const token = await fake.signIn('verify.me@example.com', 'Passw0rdOne')
    expect(await verifier.verify(token)).toEqual({
      id: userId,
      email: 'verify.me@example.com',
      emailConfirmed: true,
      provider: 'email',
      providers: ['email'],
      userMetadata: { first_name: 'Kiran', last_name: 'Das' },
      sessionId: expect.any(String) as unknown,
      aal: 'aal1',
      verifiedFactorIds: [],
    })
  })

  it('reports an unconfirmed e-mail when the project hands out sessions before confirmation', async () => {
    const { id } = fake.createUser({ email: 'unconfirmed@example.com', password: 'Passw0rdOne', emailConfirmed: false })
    const token = await fake.mintAccessToken({ userId: id })
    expect(await verifier.verify(token)).toMatchObject({ id, emailConfirmed: false })
  })

  it('accepts a legacy HS256 token with the configured secret, and only then', async () => {
    const token = await fake.mintAccessToken({ userId, signer: 'project-hs256' })
    expect((await verifier.verify(token)).id).toBe(userId)
    const withoutSecret = createSupabaseTokenVerifier({ url: fake.url, anonKey: fake.anonKey })
    const error = await rejection(token, withoutSecret)
    expect(error.reason).toBe('unverifiable')
    expect(error.message).toMatch(/HS256/)
  })

  const cases: [string, () => Promise<string>, SupabaseTokenErrorReason][] = [
    ['an expired token', () => fake.mintAccessToken({ userId, expiresInSeconds: -120 }), 'expired'],
    [
      'a token signed by another key',
      () => fake.mintAccessToken({ userId, signer: 'foreign-es256' }),
      'invalid-signature',
    ],
    [
      'an HS256 token signed with the wrong secret',
      () => fake.mintAccessToken({ userId, signer: { hs256Secret: 'not-the-project-secret-at-all-000000' } }),
      'invalid-signature',
    ],
    [
      'a token from another issuer',
      () => fake.mintAccessToken({ userId, issuer: 'https://other.supabase.co/auth/v1' }),
      'wrong-issuer',
    ],
    ['a token for another audience', () => fake.mintAccessToken({ userId, audience: 'anon' }), 'wrong-audience'],
    ['the anon API key (no aud claim)', () => Promise.resolve(fake.anonKey), 'wrong-audience'],
    [
      'a service-role token of this project',
      () => fake.mintAccessToken({ userId, role: 'service_role' }),
      'wrong-role',
    ],
    ['an anonymous user', () => fake.mintAccessToken({ userId, claims: { is_anonymous: true } }), 'wrong-role'],
    ['garbage', () => Promise.resolve('definitely.not.a-jwt'), 'malformed'],
    ['a non-JWT string', () => Promise.resolve('garbage'), 'malformed'],
    [
      'an unsigned token',
      () =>
        Promise.resolve(
          `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
        ),
      'malformed',
    ],
  ]

  it.each(cases)('rejects %s', async (_name, mint, reason) => {
    const error = await rejection(await mint())
    expect(error.reason).toBe(reason)
    expect(error.name).toBe('SupabaseTokenError')
  })

  it('rejects a correctly signed token whose user is gone', async () => {
    const error = await rejection(await fake.mintAccessToken({ claims: { session_id: crypto.randomUUID() } }))
    expect(error.reason).toBe('revoked')
  })

  it('treats an unreachable project as unverifiable', async () => {
    const token = await fake.signIn('verify.me@example.com', 'Passw0rdOne')
    const offline = createSupabaseTokenVerifier({
      url: fake.url,
      anonKey: fake.anonKey,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    expect((await rejection(token, offline)).reason).toBe('unverifiable')
  })

  it('fetches the JWKS once and serves later tokens from its cache', async () => {
    const fresh = createSupabaseTokenVerifier({ url: fake.url, anonKey: fake.anonKey })
    const before = fake.requests.filter((request) => request.path.endsWith('/jwks.json')).length
    await fresh.verify(await fake.signIn('verify.me@example.com', 'Passw0rdOne'))
    await fresh.verify(await fake.signIn('verify.me@example.com', 'Passw0rdOne'))
    expect(fake.requests.filter((request) => request.path.endsWith('/jwks.json')).length - before).toBe(1)
  })
})

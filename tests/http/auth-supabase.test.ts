/**
 * The server with Supabase configured, against the fake Supabase Auth, driven by the real
 * supabase-js client: identity comes only from access tokens the server verifies itself.
 */
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { deriveNames, derivedOAuthPassword } from '#rules/oauth-names.ts'
import { startFakeSupabase, type FakeSupabase } from '#tests/fakes/supabase-auth-server.ts'
import { appOrigin, followToApp, fragmentOf, oauthUrl, supabaseClient } from '#tests/fakes/supabase-client.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type Session = {
  user: { id: string; email: string; firstName: string; lastName: string; providers: string[] }
  tokens: { accessToken: string }
}

let fake: FakeSupabase
let server: RunningServer
let api: ReturnType<typeof restClient>
let unique = 0
const newEmail = () => `supa${++unique}.${Date.now()}@example.com`

const teardown = suiteTeardown()
beforeAll(async () => {
  fake = await startFakeSupabase({ siteUrl: appOrigin, autoconfirm: true })
  teardown.add(() => fake.stop())
  server = await startBuiltServer({ SUPABASE_URL: fake.url, SUPABASE_ANON_KEY: fake.anonKey, TRUST_PROXY: '1' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

async function signUpAtSupabase(email: string, names = { first_name: 'Asha', last_name: 'Rao' }) {
  const supabase = supabaseClient(fake)
  const { data, error } = await supabase.auth.signUp({
    email,
    password: 'Passw0rdOne',
    options: { data: names, emailRedirectTo: `${appOrigin}/email-confirmed` },
  })
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`)
  return data.session
}

describe('POST /auth/supabase-login', () => {
  it('creates the account on the first sign-in from the verified token, and finds it again on the next', async () => {
    const email = newEmail()
    const session = await signUpAtSupabase(email)
    const first = dataOf<Session>(
      await api('POST', '/auth/supabase-login', {
        body: {
          supabase_token: session.access_token,
          user_details: { id: session.user.id, email, first_name: 'Asha', last_name: 'Rao' },
        },
      }),
    )
    expect(first.user).toMatchObject({ email, firstName: 'Asha', lastName: 'Rao', providers: ['supabase'] })
    expect((await api('GET', '/auth/validate', { token: first.tokens.accessToken })).status).toBe(200)

    const again = await supabaseClient(fake).auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    const second = dataOf<Session>(
      await api('POST', '/auth/supabase-login', { body: { supabase_token: again.data.session?.access_token } }),
    )
    expect(second.user.id).toBe(first.user.id)
  })

  it("refuses forged, expired and foreign tokens, and a claimed e-mail that is not the token's", async () => {
    const email = newEmail()
    const session = await signUpAtSupabase(email)
    const user = fake.createUser({ email: newEmail(), password: 'Passw0rdOne', emailConfirmed: true })
    const bad = [
      'garbage',
      await fake.mintAccessToken({ userId: user.id, signer: 'foreign-es256' }),
      await fake.mintAccessToken({ userId: user.id, expiresInSeconds: -120 }),
      await fake.mintAccessToken({ userId: user.id, issuer: 'https://evil.example/auth/v1' }),
    ]
    for (const token of bad) {
      const answer = await api('POST', '/auth/supabase-login', { body: { supabase_token: token } })
      expect(answer.status).toBe(401)
      expect(errorOf(answer)).toMatch(/OAuth authentication failed/)
    }
    const mismatch = await api('POST', '/auth/supabase-login', {
      body: {
        supabase_token: session.access_token,
        user_details: { id: session.user.id, email: 'someone-else@example.com' },
      },
    })
    expect(mismatch.status).toBe(401)
  })

  it('refuses an account whose e-mail Supabase has not confirmed', async () => {
    const user = fake.createUser({ email: newEmail(), password: 'Passw0rdOne', emailConfirmed: false })
    const token = await fake.mintAccessToken({ userId: user.id })
    const answer = await api('POST', '/auth/supabase-login', { body: { supabase_token: token } })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'email_not_confirmed' })
    const document = z
      .object({ paths: z.record(z.string(), z.object({ post: z.object({ responses: z.unknown() }).optional() })) })
      .parse(await (await fetch(`${server.url}/api/openapi.json`)).json())
    // Google sign-in goes through the same verification, so it can refuse the same way.
    for (const path of ['/auth/supabase-login', '/auth/oauth-login'])
      expect(JSON.stringify(document.paths[path]?.post?.responses), path).toContain('"email_not_confirmed"')
  })
})

describe('POST /auth/oauth-login (Google through Supabase)', () => {
  it('signs in from the Google session; the derived password is never a credential', async () => {
    const email = newEmail()
    fake.google.account = { sub: `1${Date.now()}`, email, emailVerified: true, name: 'Meera Iyer' }
    const started = await supabaseClient(fake).auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: `${appOrigin}/auth/callback`,
        queryParams: { access_type: 'offline', prompt: 'consent' },
        skipBrowserRedirect: true,
      },
    })
    const hash = fragmentOf(await followToApp(oauthUrl(started)))
    const accessToken = hash.get('access_token') ?? ''
    const { sub: supabaseUserId } = z
      .object({ sub: z.string() })
      .parse(JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()))
    const names = deriveNames({ full_name: 'Meera Iyer' }, email)
    const body = {
      email,
      password: derivedOAuthPassword(supabaseUserId),
      ...names,
      provider: 'google',
      supabase_token: accessToken,
    }

    const session = dataOf<Session>(await api('POST', '/auth/oauth-login', { body }))
    expect(session.user).toMatchObject({ email, firstName: 'Meera', lastName: 'Iyer', providers: ['google'] })

    const withDerivedPassword = await api('POST', '/auth/login', { body: { email, password: body.password } })
    expect(withDerivedPassword.status).toBe(400)
    expect(errorOf(withDerivedPassword)).toMatch(/goes through Supabase/)
    const withoutToken = await api('POST', '/auth/oauth-login', { body: { ...body, supabase_token: undefined } })
    expect(withoutToken.status).toBe(400)
    const otherEmail = await api('POST', '/auth/oauth-login', { body: { ...body, email: newEmail() } })
    expect(otherEmail.status).toBe(401)
  })
})

describe('with Supabase configured', () => {
  it('refuses our own e-mail/password endpoints with a clear message', async () => {
    for (const [path, body] of [
      ['/auth/register', { email: newEmail(), password: 'Passw0rdOne', firstName: 'Ada', lastName: 'Lovelace' }],
      ['/auth/login', { email: newEmail(), password: 'Passw0rdOne' }],
      ['/auth/confirm-email', { token: 'x' }],
    ] as const) {
      const answer = await api('POST', path, { body })
      expect(answer.status).toBe(400)
      expect(errorOf(answer)).toMatch(/goes through Supabase on this server/)
    }
    expect(dataOf(await api('GET', '/auth/settings'))).toEqual({
      mode: 'supabase',
      supabaseUrl: fake.url,
      supabaseAnonKey: fake.anonKey,
      devMailbox: true,
      // The sandbox Google provider never runs beside a real one.
      googleSandbox: false,
    })
  })

  it('records a password reset done at Supabase from the recovery session', async () => {
    const email = newEmail()
    const session = await signUpAtSupabase(email)
    const signedIn = dataOf<Session & { tokens: { refreshToken: string } }>(
      await api('POST', '/auth/supabase-login', { body: { supabase_token: session.access_token } }),
    )
    await supabaseClient(fake).auth.resetPasswordForEmail(email, { redirectTo: `${appOrigin}/reset-password` })
    const recovery = fragmentOf(await followToApp(fake.mailbox.latest(email, 'recovery').link))
    expect(recovery.get('type')).toBe('recovery')
    expect(
      dataOf(
        await api('POST', '/auth/reset-password', {
          body: { token: recovery.get('access_token'), password: 'Passw0rdTwo' },
        }),
      ),
    ).toEqual({ reset: true })
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: signedIn.tokens.refreshToken } })).status,
    ).toBe(401)
    expect(
      (await api('POST', '/auth/reset-password', { body: { token: 'forged', password: 'Passw0rdTwo' } })).status,
    ).toBe(401)
  })
})

describe('two-step sign-in with Supabase configured', () => {
  const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()

  it('answers mfa_required to an aal1 session of a person with a verified factor, and signs in at aal2', async () => {
    const email = newEmail()
    const session = await signUpAtSupabase(email)
    const account = dataOf<Session>(
      await api('POST', '/auth/supabase-login', { body: { supabase_token: session.access_token } }),
    )

    const owner = supabaseClient(fake)
    await owner.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token })
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (enrolled.error) throw enrolled.error
    expect(enrolled.data.totp.uri).toMatch(/^otpauth:\/\/totp\//)
    expect(
      (await owner.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: codeOf(enrolled.data.totp.secret) }))
        .error,
    ).toBeNull()

    const laptop = supabaseClient(fake)
    const firstStep = await laptop.auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    const refused = await api('POST', '/auth/supabase-login', {
      body: { supabase_token: firstStep.data.session?.access_token },
    })
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: 'mfa_required', details: { factorId: enrolled.data.id } })

    const secondStep = await laptop.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: codeOf(enrolled.data.totp.secret),
    })
    if (secondStep.error) throw secondStep.error
    const signedIn = dataOf<Session>(
      await api('POST', '/auth/supabase-login', { body: { supabase_token: secondStep.data.access_token } }),
    )
    expect(signedIn.user.id).toBe(account.user.id)

    // The backend's own authenticators step aside: Supabase keeps the factors.
    const own = await api('GET', '/account/authenticators', { token: signedIn.tokens.accessToken })
    expect(own.status).toBe(400)
    expect(own.body).toMatchObject({ code: 'not_configured' })
    expect(errorOf(own)).toMatch(/kept by Supabase/)

    expect((await laptop.auth.mfa.unenroll({ factorId: enrolled.data.id })).error).toBeNull()
    const afterwards = await supabaseClient(fake).auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    expect(
      dataOf<Session>(
        await api('POST', '/auth/supabase-login', { body: { supabase_token: afterwards.data.session?.access_token } }),
      ).user.id,
    ).toBe(account.user.id)
  })
})

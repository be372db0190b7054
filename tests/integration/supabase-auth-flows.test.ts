/**
 * The real @supabase/supabase-js client, configured as the product configures it, against the
 * fake Supabase Auth server; every session it ends up with must pass our server-side verifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSupabaseTokenVerifier } from '#server/accounts/tokens/supabase-token-verifier.ts'
import { startFakeSupabase, type FakeSupabase } from '#tests/fakes/supabase-auth-server.ts'
import {
  appOrigin,
  followToApp as follow,
  fragmentOf as fragment,
  oauthUrl,
  supabaseClient as client,
} from '#tests/fakes/supabase-client.ts'

let unique = 0
const newEmail = () => `user${++unique}.${Date.now()}@example.com`

describe('supabase-js against the fake Supabase Auth (confirmation required)', () => {
  let fake: FakeSupabase
  let verifier: ReturnType<typeof createSupabaseTokenVerifier>

  beforeAll(async () => {
    fake = await startFakeSupabase({ autoconfirm: false, siteUrl: appOrigin })
    verifier = createSupabaseTokenVerifier({ url: fake.url, anonKey: fake.anonKey, jwtSecret: fake.jwtSecret })
  })
  afterAll(() => fake.stop())

  it('signs up without a session, confirms by the mailed link, then signs in with a verified token', async () => {
    const supabase = client(fake)
    const email = newEmail()
    const signUp = await supabase.auth.signUp({
      email,
      password: 'Passw0rdOne',
      options: { emailRedirectTo: `${appOrigin}/email-confirmed`, data: { first_name: 'Asha', last_name: 'Rao' } },
    })
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.email).toBe(email)
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined()
    expect(signUp.data.user?.user_metadata).toMatchObject({
      first_name: 'Asha',
      last_name: 'Rao',
      email_verified: false,
    })

    const early = await supabase.auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    expect(early.error?.code).toBe('email_not_confirmed')
    expect(early.error?.message).toBe('Email not confirmed')

    const mail = fake.mailbox.latest(email, 'signup')
    expect(mail.subject).toBe('Confirm Your Signup')
    expect(mail.link).toContain(`${fake.url}/auth/v1/verify?token=`)
    const landed = await follow(mail.link)
    expect(landed.pathname).toBe('/email-confirmed')
    const hash = fragment(landed)
    expect(hash.get('type')).toBe('signup')
    expect(hash.get('token_type')).toBe('bearer')
    expect(Number(hash.get('expires_in'))).toBeGreaterThan(3000)
    expect(hash.get('refresh_token')).toBeTruthy()
    const confirmedSession = await supabase.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    })
    expect(confirmedSession.data.user?.email_confirmed_at).toBeTruthy()

    const signedIn = await client(fake).auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    expect(signedIn.error).toBeNull()
    const session = signedIn.data.session
    if (!session) throw new Error('no session')
    expect(session.token_type).toBe('bearer')
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000)

    const verified = await verifier.verify(session.access_token)
    expect(verified).toEqual({
      id: signedIn.data.user.id,
      email,
      emailConfirmed: true,
      provider: 'email',
      providers: ['email'],
      userMetadata: { first_name: 'Asha', last_name: 'Rao' },
      sessionId: expect.any(String) as unknown,
      aal: 'aal1',
      verifiedFactorIds: [],
    })
  })

  it('answers a repeated sign-up of a confirmed address with an obfuscated user and no error', async () => {
    const email = newEmail()
    fake.createUser({ email, password: 'Passw0rdOne' })
    const again = await client(fake).auth.signUp({ email, password: 'An0therPass' })
    expect(again.error).toBeNull()
    expect(again.data.session).toBeNull()
    expect(again.data.user?.identities).toEqual([])
    expect(() => fake.mailbox.latest(email)).toThrow(/no mail to/)
  })

  it('rejects a wrong password with AuthApiError invalid_credentials', async () => {
    const email = newEmail()
    fake.createUser({ email, password: 'Passw0rdOne' })
    const { data, error } = await client(fake).auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(data.session).toBeNull()
    expect(error?.name).toBe('AuthApiError')
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('invalid_credentials')
    expect(error?.message).toBe('Invalid login credentials')
  })

  it('surfaces weak passwords, invalid e-mails and the e-mail rate limit as GoTrue does', async () => {
    const supabase = client(fake)
    const weak = await supabase.auth.signUp({ email: newEmail(), password: 'abc' })
    expect(weak.error?.name).toBe('AuthWeakPasswordError')
    expect(weak.error?.status).toBe(422)
    expect(weak.error?.code).toBe('weak_password')
    expect(weak.error?.message).toBe('Password should be at least 6 characters.')
    expect(weak.error && 'reasons' in weak.error ? weak.error.reasons : undefined).toEqual(['length'])

    const invalid = await supabase.auth.signUp({ email: 'not-an-email', password: 'Passw0rdOne' })
    expect(invalid.error?.code).toBe('validation_failed')
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format')

    fake.config.emailRateLimitPerHour = fake.mailbox.messages.length
    try {
      const limited = await supabase.auth.signUp({ email: newEmail(), password: 'Passw0rdOne' })
      expect(limited.error?.status).toBe(429)
      expect(limited.error?.code).toBe('over_email_send_rate_limit')
      expect(limited.error?.message).toBe('email rate limit exceeded')
    } finally {
      fake.config.emailRateLimitPerHour = 100
    }
  })

  it('resets a password through the recovery link, setSession and updateUser', async () => {
    const email = newEmail()
    fake.createUser({ email, password: 'OldPassw0rd', userMetadata: { first_name: 'Ravi', last_name: 'Kumar' } })
    const supabase = client(fake)
    const requested = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${appOrigin}/reset-password` })
    expect(requested).toEqual({ data: {}, error: null })

    const mail = fake.mailbox.latest(email, 'recovery')
    expect(mail.subject).toBe('Reset Your Password')
    const landed = await follow(mail.link)
    expect(landed.pathname).toBe('/reset-password')
    const hash = fragment(landed)
    expect(hash.get('type')).toBe('recovery')
    const accessToken = hash.get('access_token')
    const refreshToken = hash.get('refresh_token')
    if (!accessToken || !refreshToken) throw new Error('no tokens in the recovery redirect')

    const set = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
    expect(set.error).toBeNull()
    expect(set.data.user?.email).toBe(email)
    const same = await supabase.auth.updateUser({ password: 'OldPassw0rd' })
    expect(same.error?.code).toBe('same_password')
    const updated = await supabase.auth.updateUser({ password: 'NewPassw0rd' })
    expect(updated.error).toBeNull()

    expect((await client(fake).auth.signInWithPassword({ email, password: 'OldPassw0rd' })).error?.code).toBe(
      'invalid_credentials',
    )
    const signedIn = await client(fake).auth.signInWithPassword({ email, password: 'NewPassw0rd' })
    expect(signedIn.error).toBeNull()
    expect((await verifier.verify(signedIn.data.session?.access_token ?? '')).userMetadata).toEqual({
      first_name: 'Ravi',
      last_name: 'Kumar',
    })

    const reused = await follow(mail.link)
    expect(fragment(reused).get('error_code')).toBe('otp_expired')
    expect(fragment(reused).get('error_description')).toBe('Email link is invalid or has expired')
  })

  it('answers a recovery request for an unknown address with success and sends nothing', async () => {
    const email = newEmail()
    expect(await client(fake).auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null })
    expect(() => fake.mailbox.latest(email)).toThrow()
  })

  it('signs in with Google through the redirect chain, asking for offline access and consent', async () => {
    fake.google.account = {
      sub: '109876543210987654321',
      email: 'Meera.Iyer@gmail.com',
      emailVerified: true,
      name: 'Meera Iyer',
      picture: 'https://lh3.example/a.png',
    }
    const supabase = client(fake)
    const started = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: {
        redirectTo: `${appOrigin}/auth/callback`,
        queryParams: { access_type: 'offline', prompt: 'consent' },
        skipBrowserRedirect: true,
      },
    })
    expect(started.error).toBeNull()
    const url = oauthUrl(started)
    expect(url.startsWith(`${fake.url}/auth/v1/authorize?provider=google`)).toBe(true)

    const landed = await follow(url)
    const asked = fake.google.authorizeRequests.at(-1)
    expect(asked?.get('access_type')).toBe('offline')
    expect(asked?.get('prompt')).toBe('consent')
    expect(asked?.get('redirect_to')).toBe(`${appOrigin}/auth/callback`)
    const atGoogle = fake.google.consentRequests.at(-1)
    expect(atGoogle?.get('access_type')).toBe('offline')
    expect(atGoogle?.get('prompt')).toBe('consent')
    expect(atGoogle?.get('scope')).toBe('email profile')

    expect(landed.pathname).toBe('/auth/callback')
    const hash = fragment(landed)
    expect(hash.get('provider_token')).toBeTruthy()
    expect(hash.get('provider_refresh_token')).toBeTruthy()
    const set = await supabase.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    })
    expect(set.error).toBeNull()
    expect((await supabase.auth.getSession()).data.session?.user.email).toBe('meera.iyer@gmail.com')
    expect(set.data.user?.user_metadata).toMatchObject({
      full_name: 'Meera Iyer',
      name: 'Meera Iyer',
      email_verified: true,
    })

    const verified = await verifier.verify(hash.get('access_token') ?? '')
    expect(verified).toMatchObject({
      email: 'meera.iyer@gmail.com',
      emailConfirmed: true,
      provider: 'google',
      userMetadata: {
        full_name: 'Meera Iyer',
        name: 'Meera Iyer',
        avatar_url: 'https://lh3.example/a.png',
        picture: 'https://lh3.example/a.png',
      },
    })
  })

  it('links Google to an existing confirmed e-mail account', async () => {
    const email = newEmail()
    const existing = fake.createUser({ email, password: 'Passw0rdOne', userMetadata: { first_name: 'Dev' } })
    fake.google.account = { sub: '100000000000000000777', email, emailVerified: true, name: 'Dev Patel' }
    const started = await client(fake).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${appOrigin}/auth/callback`, skipBrowserRedirect: true },
    })
    const hash = fragment(await follow(oauthUrl(started)))
    expect(hash.get('provider_refresh_token')).toBeNull()
    const verified = await verifier.verify(hash.get('access_token') ?? '')
    expect(verified).toMatchObject({
      id: existing.id,
      provider: 'email',
      providers: ['email', 'google'],
      userMetadata: { first_name: 'Dev', full_name: 'Dev Patel' },
    })
  })

  it('returns the Google refusal to the app in the query and the fragment', async () => {
    fake.google.deny = true
    try {
      const started = await client(fake).auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${appOrigin}/auth/callback`, skipBrowserRedirect: true },
      })
      const landed = await follow(oauthUrl(started))
      expect(landed.searchParams.get('error')).toBe('access_denied')
      expect(fragment(landed).get('error')).toBe('access_denied')
    } finally {
      fake.google.deny = false
    }
  })

  it('signs in with a Google ID token (grant_type=id_token)', async () => {
    const idToken = await fake.google.mintIdToken({
      sub: '100000000000000000888',
      email: 'idtoken.user@gmail.com',
      emailVerified: true,
      name: 'Id Token',
    })
    const { data, error } = await client(fake).auth.signInWithIdToken({ provider: 'google', token: idToken })
    expect(error).toBeNull()
    expect((await verifier.verify(data.session?.access_token ?? '')).provider).toBe('google')
    const forged = await client(fake).auth.signInWithIdToken({
      provider: 'google',
      token: idToken.slice(0, -4) + 'AAAA',
    })
    expect(forged.error?.message).toBe('Bad ID token')
  })

  it('refreshes with rotation, then signs out so the verifier sees the session revoked', async () => {
    const email = newEmail()
    fake.createUser({ email, password: 'Passw0rdOne' })
    const supabase = client(fake)
    const first = await supabase.auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    const refreshed = await supabase.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(first.data.session?.refresh_token)
    const reuse = await client(fake).auth.refreshSession({ refresh_token: first.data.session?.refresh_token ?? '' })
    expect(reuse.error?.code).toBe('refresh_token_already_used')

    const second = await supabase.auth.signInWithPassword({ email, password: 'Passw0rdOne' })
    const token = second.data.session?.access_token ?? ''
    await expect(verifier.verify(token)).resolves.toMatchObject({ email })
    expect((await supabase.auth.signOut()).error).toBeNull()
    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'SupabaseTokenError', reason: 'revoked' })
  })

  it('requires the API key like the Supabase gateway', async () => {
    const missing = await fetch(`${fake.url}/auth/v1/settings`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' })
    const wrong = await fetch(`${fake.url}/auth/v1/settings`, { headers: { apikey: 'nope' } })
    expect(wrong.status).toBe(401)
    const settings = await fetch(`${fake.url}/auth/v1/settings`, { headers: { apikey: fake.anonKey } })
    expect(await settings.json()).toMatchObject({ external: { email: true, google: true }, mailer_autoconfirm: false })
    const legacyError = await fetch(`${fake.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: fake.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    })
    expect(await legacyError.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })
})

describe('supabase-js against the fake Supabase Auth (autoconfirm)', () => {
  let fake: FakeSupabase

  beforeAll(async () => {
    fake = await startFakeSupabase({ autoconfirm: true, siteUrl: appOrigin })
  })
  afterAll(() => fake.stop())

  it('answers sign-up with a session, and a repeated sign-up with user_already_exists', async () => {
    const email = newEmail()
    const supabase = client(fake)
    const first = await supabase.auth.signUp({
      email,
      password: 'Passw0rdOne',
      options: { data: { first_name: 'Neha', last_name: 'Shah' } },
    })
    expect(first.error).toBeNull()
    expect(first.data.session?.access_token).toBeTruthy()
    expect(first.data.user?.email_confirmed_at).toBeTruthy()
    const verifier = createSupabaseTokenVerifier({ url: fake.url, anonKey: fake.anonKey })
    expect(await verifier.verify(first.data.session?.access_token ?? '')).toMatchObject({
      emailConfirmed: true,
      userMetadata: { first_name: 'Neha', last_name: 'Shah' },
    })

    const again = await client(fake).auth.signUp({ email, password: 'Passw0rdOne' })
    expect(again.error?.name).toBe('AuthApiError')
    expect(again.error?.status).toBe(422)
    expect(again.error?.code).toBe('user_already_exists')
    expect(again.error?.message).toBe('User already registered')
  })
})

describe('supabase-js against the fake Supabase Auth (PKCE flow)', () => {
  let fake: FakeSupabase

  beforeAll(async () => {
    fake = await startFakeSupabase({ siteUrl: appOrigin })
  })
  afterAll(() => fake.stop())

  const pkceClient = () => client(fake, 'pkce')

  it('confirms a sign-up and signs in with Google through auth codes', async () => {
    const supabase = pkceClient()
    const email = newEmail()
    await supabase.auth.signUp({
      email,
      password: 'Passw0rdOne',
      options: { emailRedirectTo: `${appOrigin}/email-confirmed` },
    })
    const confirmed = await follow(fake.mailbox.latest(email, 'signup').link)
    const signupCode = confirmed.searchParams.get('code')
    expect(confirmed.hash).toBe('')
    const exchanged = await supabase.auth.exchangeCodeForSession(signupCode ?? '')
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy()

    const google = pkceClient()
    const started = await google.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${appOrigin}/auth/callback`, skipBrowserRedirect: true },
    })
    const landed = await follow(oauthUrl(started))
    const session = await google.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '')
    expect(session.error).toBeNull()
    expect(session.data.session?.provider_token).toBeTruthy()
    expect(
      (await pkceClient().auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '')).error?.message,
    ).toMatch(/code verifier|flow state/)
  })
})

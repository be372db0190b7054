import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#rules/auth-rules.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { databaseMailbox, mailedToken as mailboxToken } from '#tests/support/mailbox.ts'
import { dataOf, errorOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type Session = {
  user: { id: string; email: string; firstName: string; lastLoginAt: string | null }
  tokens: { accessToken: string; refreshToken: string }
}

const jwtSecret = `test-secret-${randomUUID()}`
const password = 'Passw0rdX'

// A server of its own on PostgreSQL, so the tests can look at what each request wrote.
let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', AUTH_JWT_SECRET: jwtSecret })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

const writtenTables = [
  'events',
  'user_emails',
  'user_credentials',
  'refresh_tokens',
  'email_tokens',
  'mail_outbox',
] as const
async function writeCounts() {
  const counts: Record<string, number> = {}
  for (const table of writtenTables) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    // count(*) is a bigint, which pg hands over as a string.
    counts[table] = Number(row.n)
  }
  return counts
}

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`

const mailedToken = (email: string, pattern: RegExp) => mailboxToken(databaseMailbox(database), email, pattern)

async function registerConfirmed(email = newEmail()): Promise<Session> {
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Grace', lastName: 'Hopper' } }))
  const token = await mailedToken(email, /email-confirmed\?token=(\S+)/)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return dataOf<Session>(await api('POST', '/auth/login', { body: { email, password } }))
}

describe('POST /auth/register', () => {
  it('creates the account, writes the event and mails a confirmation link; no tokens before confirmation', async () => {
    const email = newEmail()
    const answer = await api('POST', '/auth/register', {
      body: { email: email.toUpperCase(), password, firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(answer.status).toBe(200)
    const data = dataOf<{
      user: { id: string; email: string }
      tokens: null
      needsConfirmation: boolean
      message: string
      subscription: { planType: string }
    }>(answer)
    expect(data).toMatchObject({
      tokens: null,
      needsConfirmation: true,
      message: messages.accountCreated,
      subscription: { planType: 'none' },
    })
    expect(data.user.email).toBe(email)
    const events = await database.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('user_id', '=', data.user.id)
      .execute()
    expect(events.map((event) => event.type)).toEqual(['UserRegistered'])
    // Personal data is sealed with the person's key, never stored in the clear in the log.
    expect(JSON.stringify(events[0]?.data)).not.toContain(email)
    expect(JSON.stringify(events[0]?.data)).not.toContain('Ada')
    expect(await mailedToken(email, /email-confirmed\?token=(\S+)/)).toMatch(/^[\w-]{30,}$/)
  })

  it('answers a taken address, whatever its case, like a new one: no account written, the unconfirmed owner mailed a new link', async () => {
    const email = newEmail()
    const first = await api('POST', '/auth/register', {
      body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
    })
    const before = await writeCounts()
    const again = await api('POST', '/auth/register', {
      body: { email: email.toUpperCase(), password, firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(again.status).toBe(first.status)
    const [firstData, againData] = [dataOf(first), dataOf(again)]
    expect(Object.keys(againData).sort()).toEqual(Object.keys(firstData).sort())
    expect(againData).toMatchObject({ tokens: null, needsConfirmation: true, message: firstData.message })
    // The address still waits for confirmation: only a new link is written and mailed to the owner
    // (no event, no address, no credentials); a confirmed owner is told it is already registered.
    expect(await writeCounts()).toEqual({
      ...before,
      mail_outbox: (before.mail_outbox ?? 0) + 1,
      email_tokens: (before.email_tokens ?? 0) + 1,
    })
    expect(await mailedToken(email, /(waiting for confirmation)/)).toBe('waiting for confirmation')
  })

  const valid = { email: 'valid@example.com', password, firstName: 'Ada', lastName: 'Lovelace' }
  it.each([
    ['no body at all', undefined, /email: is required/],
    ['a missing field', { ...valid, lastName: undefined }, /lastName: is required/],
    ['a malformed email', { ...valid, email: 'not-an-email' }, /email: Please enter a valid email address\./],
    ['a short first name', { ...valid, firstName: 'A' }, /firstName: First name must be between 2 and 50 characters\./],
    [
      'a long last name',
      { ...valid, lastName: 'L'.repeat(51) },
      /lastName: Last name must be between 2 and 50 characters\./,
    ],
    [
      'a weak password',
      { ...valid, password: 'password' },
      /password: Password must be at least 8 characters with 1 uppercase, 1 lowercase, and 1 number\./,
    ],
    ['a huge password', { ...valid, password: `Aa1${'x'.repeat(200)}` }, /password: must be at most 128 characters/],
    ['wrong types', { ...valid, email: 42, firstName: ['Ada'] }, /email: .*; firstName: /],
    [
      'an email over 254 characters',
      { ...valid, email: `${'a'.repeat(250)}@example.com` },
      /email: must be at most 254 characters/,
    ],
  ])('answers 400 for %s, writing nothing', async (_case, body, message) => {
    const before = await writeCounts()
    const answer = await api('POST', '/auth/register', {
      body: body === undefined ? undefined : JSON.parse(JSON.stringify(body)),
    })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toMatch(message)
    expect(await writeCounts()).toEqual(before)
  })

  it('limits sign-ups from one network address (429), counting nothing else', async () => {
    const ip = testClientIp()
    for (let index = 0; index < 10; index += 1) {
      dataOf(
        await api('POST', '/auth/register', {
          ip,
          body: { email: newEmail(), password, firstName: 'Ada', lastName: 'Lovelace' },
        }),
      )
    }
    const before = await writeCounts()
    const refused = await api('POST', '/auth/register', {
      ip,
      body: { email: newEmail(), password, firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(refused.status).toBe(429)
    expect(errorOf(refused)).toMatch(/Too many sign-ups/)
    expect(await writeCounts()).toEqual(before)
  })
})

describe('e-mail confirmation and POST /auth/login', () => {
  it('refuses sign-in until the address is confirmed, then signs in and records it', async () => {
    const email = newEmail()
    dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Ada', lastName: 'Lovelace' } }))
    const early = await api('POST', '/auth/login', { body: { email, password } })
    expect(early.status).toBe(403)
    expect(errorOf(early)).toMatch(/confirm your email/)

    const token = await mailedToken(email, /email-confirmed\?token=(\S+)/)
    expect(dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))).toEqual({ confirmed: true })
    expect(dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))).toEqual({ confirmed: true })

    const session = dataOf<Session>(await api('POST', '/auth/login', { body: { email, password } }))
    expect(session.user).toMatchObject({ email, firstName: 'Ada', emailConfirmed: true })
    expect(session.user.lastLoginAt).not.toBeNull()
    expect(session.tokens.accessToken.split('.')).toHaveLength(3)
    const types = await database.db
      .selectFrom('events')
      .select('type')
      .where('user_id', '=', session.user.id)
      .orderBy('global_position')
      .execute()
    expect(types.map((row) => row.type)).toEqual(['UserRegistered', 'EmailConfirmed', 'UserSignedIn'])
  })

  it("answers a bad confirmation link with the product's message", async () => {
    const answer = await api('POST', '/auth/confirm-email', { body: { token: 'not-a-real-token' } })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toBe('Email confirmation failed. Please try again or contact support.')
  })

  it("answers a wrong password and an unknown e-mail alike, with the product's message, writing nothing", async () => {
    const { user } = await registerConfirmed()
    const before = await writeCounts()
    for (const credentials of [
      { email: user.email, password: 'Wrong-passw0rd' },
      { email: newEmail(), password },
    ]) {
      const answer = await api('POST', '/auth/login', { body: credentials })
      expect(answer.status).toBe(401)
      expect(errorOf(answer)).toBe(messages.invalidCredentials)
    }
    expect(await writeCounts()).toEqual(before)
  })

  it.each([
    ['no fields', {}, /email: is required/],
    ['an empty password', { email: 'a@example.com', password: '' }, /password: Please enter both email and password\./],
    ['a malformed email', { email: 'a@', password }, /email: Please enter a valid email address\./],
    ['a number for a password', { email: 'a@example.com', password: 12345678 }, /password: /],
  ])('answers 400 for %s', async (_case, body, message) => {
    const answer = await api('POST', '/auth/login', { body })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toMatch(message)
  })

  it('limits failed sign-ins per address and account (429), not the account from elsewhere', async () => {
    const { user } = await registerConfirmed()
    const ip = testClientIp()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await api('POST', '/auth/login', { ip, body: { email: user.email, password: 'Wrong-passw0rd' } })).status,
      ).toBe(401)
    }
    const refused = await api('POST', '/auth/login', { ip, body: { email: user.email, password } })
    expect(refused.status).toBe(429)
    expect(errorOf(refused)).toMatch(/Too many failed sign-ins/)
    expect((await api('POST', '/auth/login', { body: { email: user.email, password } })).status).toBe(200)
  })
})

describe('tokens', () => {
  it('GET /auth/validate answers the account for a valid token and 401 for missing, garbage, forged, expired or foreign tokens', async () => {
    const session = await registerConfirmed()
    const valid = dataOf<{ user: { id: string } }>(
      await api('GET', '/auth/validate', { token: session.tokens.accessToken }),
    )
    expect(valid.user.id).toBe(session.user.id)

    const sign = (secret: string, claims: { exp?: number; aud?: string; iss?: string } = {}) => {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user.id)
        .setIssuer(claims.iss ?? 'interview-helper')
        .setAudience(claims.aud ?? 'interview-helper-api')
        .setIssuedAt(now - 3600)
        .setExpirationTime(claims.exp ?? now + 600)
        .sign(new TextEncoder().encode(secret))
    }
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: session.user.id, role: 'user' })).toString('base64url')}.`
    const bad = [
      undefined,
      'garbage',
      unsigned,
      await sign('another-secret-entirely-and-long-enough'),
      await sign(jwtSecret, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await sign(jwtSecret, { aud: 'someone-else' }),
      await sign(jwtSecret, { iss: 'someone-else' }),
    ]
    for (const token of bad) {
      const answer = await api('GET', '/auth/validate', { token })
      expect(answer.status).toBe(401)
      expect(errorOf(answer)).toMatch(/Sign in to continue/)
    }
  })

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const session = await registerConfirmed()
    const first = dataOf<{ tokens: Session['tokens'] }>(
      await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } }),
    )
    expect(first.tokens.refreshToken).not.toBe(session.tokens.refreshToken)
    const second = dataOf<{ tokens: Session['tokens'] }>(
      await api('POST', '/auth/refresh-token', { body: { refreshToken: first.tokens.refreshToken } }),
    )

    const reuse = await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } })
    expect(reuse.status).toBe(401)
    expect(errorOf(reuse)).toMatch(/used twice/)
    // The thief's copy and the rightful newest token both stop working.
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: second.tokens.refreshToken } })).status,
    ).toBe(401)
    expect((await api('GET', '/auth/validate', { token: second.tokens.accessToken })).status).toBe(401)
  })

  it('answers 400 without a refresh token and 401 for an unknown one', async () => {
    const missing = await api('POST', '/auth/refresh-token', { body: {} })
    expect(missing.status).toBe(400)
    const unknown = await api('POST', '/auth/refresh-token', { body: { refreshToken: 'nope' } })
    expect(unknown.status).toBe(401)
  })

  it('POST /auth/logout ends the session, and answers success even without one', async () => {
    const session = await registerConfirmed()
    expect(
      dataOf(
        await api('POST', '/auth/logout', {
          body: { refreshToken: session.tokens.refreshToken },
          token: session.tokens.accessToken,
        }),
      ),
    ).toEqual({ signedOut: true })
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } })).status,
    ).toBe(401)
    expect((await api('GET', '/auth/validate', { token: session.tokens.accessToken })).status).toBe(401)
    expect((await api('POST', '/auth/logout')).status).toBe(200)
  })
})

describe('passwords', () => {
  it('POST /auth/change-password needs the current password and signs out the other sessions', async () => {
    const session = await registerConfirmed()
    const other = dataOf<Session>(await api('POST', '/auth/login', { body: { email: session.user.email, password } }))
    const before = await writeCounts()
    const wrong = await api('POST', '/auth/change-password', {
      token: session.tokens.accessToken,
      body: { currentPassword: 'Nope-passw0rd', newPassword: 'Newer-Passw0rd' },
    })
    expect(wrong.status).toBe(400)
    expect(errorOf(wrong)).toBe('Your current password is incorrect.')
    const weak = await api('POST', '/auth/change-password', {
      token: session.tokens.accessToken,
      body: { currentPassword: password, newPassword: 'short' },
    })
    expect(weak.status).toBe(400)
    expect(
      (
        await api('POST', '/auth/change-password', {
          body: { currentPassword: password, newPassword: 'Newer-Passw0rd' },
        })
      ).status,
    ).toBe(401)
    expect(await writeCounts()).toEqual(before)

    dataOf(
      await api('POST', '/auth/change-password', {
        token: session.tokens.accessToken,
        body: { currentPassword: password, newPassword: 'Newer-Passw0rd' },
      }),
    )
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: other.tokens.refreshToken } })).status,
    ).toBe(401)
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } })).status,
    ).toBe(200)
    expect(
      (await api('POST', '/auth/login', { body: { email: session.user.email, password: 'Newer-Passw0rd' } })).status,
    ).toBe(200)
  })

  it('answers a reset request the same for known and unknown addresses, and resets with the mailed link once', async () => {
    const session = await registerConfirmed()
    const known = await api('POST', '/auth/request-password-reset', { body: { email: session.user.email } })
    const unknown = await api('POST', '/auth/request-password-reset', { body: { email: newEmail() } })
    expect(known).toEqual(unknown)
    expect(dataOf(known)).toEqual({ message: messages.resetRequested })

    const token = await mailedToken(session.user.email, /access_token=([^&\s]+)&refresh_token=[^&\s]+&type=recovery/)
    const bad = await api('POST', '/auth/reset-password', { body: { token: 'forged', password: 'Brand-new-1' } })
    expect(bad.status).toBe(400)
    expect(errorOf(bad)).toBe(messages.invalidResetLink)
    expect((await api('POST', '/auth/reset-password', { body: { token, password: 'weak' } })).status).toBe(400)

    expect(dataOf(await api('POST', '/auth/reset-password', { body: { token, password: 'Brand-new-1' } }))).toEqual({
      reset: true,
    })
    expect((await api('POST', '/auth/reset-password', { body: { token, password: 'Brand-new-2' } })).status).toBe(400)
    expect(
      (await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } })).status,
    ).toBe(401)
    expect(
      (await api('POST', '/auth/login', { body: { email: session.user.email, password: 'Brand-new-1' } })).status,
    ).toBe(200)
  })

  it('limits reset requests per address (429) and rejects malformed ones (400)', async () => {
    const email = newEmail()
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await api('POST', '/auth/request-password-reset', { body: { email } })).status).toBe(200)
    expect((await api('POST', '/auth/request-password-reset', { body: { email } })).status).toBe(429)
    const malformed = await api('POST', '/auth/request-password-reset', { body: { email: 'nope' } })
    expect(malformed.status).toBe(400)
    expect(errorOf(malformed)).toMatch(/Please enter a valid email address\./)
  })
})

describe('Supabase sign-in without Supabase configured', () => {
  it('says so instead of pretending', async () => {
    for (const [path, body] of [
      ['/auth/supabase-login', { supabase_token: 'x' }],
      [
        '/auth/oauth-login',
        { email: 'a@example.com', password: 'OAuth123456781A', provider: 'google', supabase_token: 'x' },
      ],
    ] as const) {
      const answer = await api('POST', path, { body })
      expect(answer.status).toBe(400)
      expect(errorOf(answer)).toMatch(/Supabase is not configured/)
    }
  })
})

/**
 * Whatever ends a sign-in ends it on the very next request: after logout, signing out everywhere,
 * a password change, a role change or deletion, the old access token is refused (401) by every
 * transport — the REST bridge, tRPC and the routes of their own — for reads and writes alike, and
 * an ended session's refresh token is refused too. After deletion nothing more is written about the
 * person and no new key for their personal data appears. On PostgreSQL, so the log can be read.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import type { TestDatabase } from '#tests/support/databases.ts'
import { databaseMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, errorOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import type { RunningServer } from '#tests/support/server.ts'
import { serveOnFreshPostgres } from '#tests/support/servers-on-postgres.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

type Tokens = { accessToken: string; refreshToken: string }
type Session = { user: { id: string; email: string; role: string }; tokens: Tokens }

const password = 'Passw0rdX'
const signInAgain = /^Sign in to continue/
let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>

const teardown = suiteTeardown()
beforeAll(async () => {
  ;({ database, server } = await serveOnFreshPostgres(teardown))
  api = restClient(server.url)
}, 60_000)

async function registerConfirmed(): Promise<Session> {
  const email = `revocation-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Grace', lastName: 'Hopper' } }))
  const token = await mailedToken(databaseMailbox(database), email)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return signIn(email)
}

async function signIn(email: string, withPassword = password): Promise<Session> {
  return dataOf<Session>(await api('POST', '/auth/login', { body: { email, password: withPassword } }))
}

async function trpcCall(procedure: string, input: unknown, token: string) {
  const response = await fetch(`${server.url}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': testClientIp(),
    },
    body: JSON.stringify(input),
  })
  const json = (await response.json()) as {
    result?: { data: unknown }
    error?: { message: string; data: { code: string } }
  }
  return { status: response.status, json }
}

/** A read and a write over the REST bridge, a write over tRPC, and the answer stream route. */
async function expectRefused(token: string) {
  const read = await api('GET', '/interview/history', { token })
  expect([read.status, errorOf(read)]).toEqual([401, expect.stringMatching(signInAgain)])
  const write = await api('POST', '/account/profile', { token, body: { firstName: 'Mallory', lastName: 'Evil' } })
  expect([write.status, errorOf(write)]).toEqual([401, expect.stringMatching(signInAgain)])
  const viaTrpc = await trpcCall('accounts.updateProfile', { firstName: 'Mallory', lastName: 'Evil' }, token)
  expect([viaTrpc.status, viaTrpc.json.error?.data.code]).toEqual([401, 'UNAUTHORIZED'])
  expect(viaTrpc.json.error?.message).toMatch(signInAgain)
  const streamed = await fetch(`${server.url}/api/interview/question/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ question: 'What is a hash map?' }),
  })
  expect(streamed.status).toBe(401)
  const refusal = (await streamed.json()) as { success: boolean; error?: string }
  expect(refusal.success).toBe(false)
  expect(refusal.error).toMatch(signInAgain)
}

async function expectAccepted(token: string) {
  expect((await api('GET', '/interview/history', { token })).status).toBe(200)
  expect(
    (await api('POST', '/account/profile', { token, body: { firstName: 'Grace', lastName: 'Hopper' } })).status,
  ).toBe(200)
}

async function expectRefreshRefused(refreshToken: string) {
  const answer = await api('POST', '/auth/refresh-token', { body: { refreshToken } })
  expect(answer.status).toBe(401)
}

async function grantSupport(email: string, revoke = false) {
  await promisify(execFile)(process.execPath, ['scripts/grant-support.ts', email, ...(revoke ? ['--revoke'] : [])], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url ?? '', LOG_LEVEL: 'warn' },
  })
}

describe('every ending of a sign-in takes effect on the next request', () => {
  it('logout: the signed-out token and its refresh token are refused; another sign-in goes on', async () => {
    const session = await registerConfirmed()
    const other = await signIn(session.user.email)
    await expectAccepted(session.tokens.accessToken)
    dataOf(
      await api('POST', '/auth/logout', {
        token: session.tokens.accessToken,
        body: { refreshToken: session.tokens.refreshToken },
      }),
    )
    await expectRefused(session.tokens.accessToken)
    await expectRefreshRefused(session.tokens.refreshToken)
    await expectAccepted(other.tokens.accessToken)
  })

  it('logout with only the access token ends that session too', async () => {
    const session = await registerConfirmed()
    dataOf(await api('POST', '/auth/logout', { token: session.tokens.accessToken, body: {} }))
    await expectRefused(session.tokens.accessToken)
    await expectRefreshRefused(session.tokens.refreshToken)
  })

  it('signing out everywhere: every session of the person is refused, this one included', async () => {
    const session = await registerConfirmed()
    const other = await signIn(session.user.email)
    dataOf(await api('POST', '/account/sign-out-everywhere', { token: session.tokens.accessToken }))
    for (const ended of [session, other]) {
      await expectRefused(ended.tokens.accessToken)
      await expectRefreshRefused(ended.tokens.refreshToken)
    }
  })

  it('a password change: every other session is refused; the one that changed it goes on', async () => {
    const session = await registerConfirmed()
    const other = await signIn(session.user.email)
    dataOf(
      await api('POST', '/auth/change-password', {
        token: session.tokens.accessToken,
        body: { currentPassword: password, newPassword: 'Newer-Passw0rd' },
      }),
    )
    await expectRefused(other.tokens.accessToken)
    await expectRefreshRefused(other.tokens.refreshToken)
    await expectAccepted(session.tokens.accessToken)
    const refreshed = dataOf<{ tokens: Tokens }>(
      await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } }),
    )
    await expectAccepted(refreshed.tokens.accessToken)
  })

  it('a role change: tokens that name the old role are refused; a refresh gives one with the new role', async () => {
    const session = await registerConfirmed()
    await grantSupport(session.user.email)
    await expectRefused(session.tokens.accessToken)
    const staff = dataOf<{ tokens: Tokens }>(
      await api('POST', '/auth/refresh-token', { body: { refreshToken: session.tokens.refreshToken } }),
    ).tokens
    expect((await api('GET', '/support/projections', { token: staff.accessToken })).status).toBe(200)

    await grantSupport(session.user.email, true)
    await expectRefused(staff.accessToken)
    const support = await api('GET', '/support/projections', { token: staff.accessToken })
    expect([support.status, errorOf(support)]).toEqual([401, expect.stringMatching(signInAgain)])
    const plain = dataOf<{ tokens: Tokens }>(
      await api('POST', '/auth/refresh-token', { body: { refreshToken: staff.refreshToken } }),
    ).tokens
    await expectAccepted(plain.accessToken)
    expect((await api('GET', '/support/projections', { token: plain.accessToken })).status).toBe(403)
  })
})

describe('deletion stays deleted', () => {
  let session: Session
  let other: Session

  beforeAll(async () => {
    session = await registerConfirmed()
    other = await signIn(session.user.email)
    const token = session.tokens.accessToken
    const order = dataOf<{ id: string }>(
      await api('POST', '/auth/create-order', { token, body: { planType: 'pro', billingCycle: 'monthly' } }),
    )
    const paid = await trpcCall('payments.completeSandboxCheckout', { orderId: order.id, outcome: 'success' }, token)
    const proof = (paid.json.result?.data as { result: Record<string, string> }).result
    await api('POST', '/auth/verify-payment', { token, body: proof })
    dataOf(await api('POST', '/interview/session/start', { token, body: {} }))
    dataOf(
      await api('POST', '/account/delete', {
        token: other.tokens.accessToken,
        body: { confirm: 'DELETE', password },
      }),
    )
  }, 60_000)

  it('refuses every old token of the person, and their refresh tokens', async () => {
    for (const ended of [session, other]) {
      await expectRefused(ended.tokens.accessToken)
      await expectRefreshRefused(ended.tokens.refreshToken)
    }
  })

  it('writes nothing about the person after UserErased and makes no new key for their data', async () => {
    const token = session.tokens.accessToken
    const attempts: [string, string, unknown][] = [
      ['POST', '/interview/session/start', {}],
      ['POST', '/interview/question', { question: 'My secret employer is Initech. What should I say?' }],
      ['POST', '/interview/session/end', {}],
      ['POST', '/auth/create-order', { planType: 'starter', billingCycle: 'monthly' }],
      ['POST', '/account/profile', { firstName: 'Grace', lastName: 'Again' }],
      ['GET', '/auth/subscription', undefined],
      ['GET', '/auth/validate', undefined],
    ]
    for (const [method, path, body] of attempts) {
      const answer = await api(method, path, { token, body })
      expect([path, answer.status]).toEqual([path, 401])
    }

    const { rows } = await sql<{ type: string }>`
      select type from events
      where user_id = ${session.user.id}
        and global_position > (select max(global_position) from events where user_id = ${session.user.id} and type = 'UserErased')
    `.execute(database.db)
    expect(rows).toEqual([])
    const keys = await database.db
      .selectFrom('user_data_keys')
      .select('key')
      .where('user_id', '=', session.user.id)
      .where('key', 'is not', null)
      .execute()
    expect(keys).toEqual([])
    const questions = await database.db
      .selectFrom('interview_questions_view')
      .select('question')
      .where('user_id', '=', session.user.id)
      .where('question', 'is not', null)
      .execute()
    expect(questions).toEqual([])
  })
})

/**
 * Text the database cannot store (NUL, unpaired UTF-16 surrogates) is refused where it enters,
 * naming the field, and writes nothing: sealed into an event, it would stop every projection
 * that unseals it, and the server with them at its next start.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { hmacSha256Hex } from '#server/payments/signatures.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>
let token: string
const password = 'Passw0rd!xyz'

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', PROJECTION_POLL_MS: '200' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
  token = await signedUpUserToken(api, database, { password })
})

const eventCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const email = () => `e-${randomUUID().slice(0, 8)}@example.test`
const unstorable = { nul: 'x\u0000', 'a lone surrogate': 'x\uD800' }

describe.each(Object.entries(unstorable))('text with %s', (_name, bad) => {
  it.each([
    [
      'sign-up (a name)',
      '/auth/register',
      () => ({ email: email(), password, firstName: 'Eve', lastName: bad }),
      'lastName',
      false,
    ],
    [
      'sign-up (the e-mail)',
      '/auth/register',
      () => ({ email: `${bad}@example.test`, password, firstName: 'Eve', lastName: 'L' }),
      'email',
      false,
    ],
    [
      'a contact message',
      '/contact',
      () => ({ firstName: 'Eve', lastName: 'L', email: email(), subject: 'Hello', message: `Hi ${bad}` }),
      'message',
      false,
    ],
    ['a profile update', '/account/profile', () => ({ firstName: bad, lastName: 'L' }), 'firstName', true],
    ['an interview question', '/interview/question', () => ({ question: `What is ${bad}?` }), 'question', true],
  ])('is refused in %s with 400 naming the field, writing nothing', async (_case, route, body, field, signedIn) => {
    const before = await eventCount()
    const answer = await api('POST', route, { body: body(), ...(signedIn ? { token } : {}) })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toBe(`${field}: must not contain NUL characters or unpaired UTF-16 surrogates`)
    expect(await eventCount()).toBe(before)
  })

  it('is refused in a tRPC call (analytics) with 400', async () => {
    const response = await fetch(`${server.url}/api/trpc/site.trackEvent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'page_view', category: 'Navigation', params: { page_title: bad } }),
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(await response.json())).toContain('must not contain NUL characters')
  })

  it('is refused inside a validly signed webhook with 400, not a 500 that Razorpay would retry for a day', async () => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x', amount: 100, email: `a${bad}@b.c` } } },
    })
    const secret = Buffer.from(
      (await readFile(path.join(server.dataDir, 'sandbox-razorpay-webhook-secret'), 'utf8')).trim(),
      'base64url',
    )
    const response = await fetch(`${server.url}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(secret, body),
        'x-razorpay-event-id': `evt_${randomUUID()}`,
      },
      body,
    })
    expect(response.status).toBe(400)
    const answer = (await response.json()) as { success: boolean; error: string }
    expect(answer).toEqual({
      success: false,
      error: 'payload.payment.entity.email: must not contain NUL characters or unpaired UTF-16 surrogates',
      code: 'invalid_request',
    })
  })
})

it('keeps the views moving after every refusal: a new person still reaches the users view', async () => {
  const address = email()
  dataOf(
    await api('POST', '/auth/register', { body: { email: address, password, firstName: 'Asha', lastName: 'Rao' } }),
  )
  await expect
    .poll(
      async () =>
        Number(
          (
            await database.db
              .selectFrom('users_view')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('first_name', '=', 'Asha')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      { timeout: 15_000, interval: 100 },
    )
    .toBe(1)
})

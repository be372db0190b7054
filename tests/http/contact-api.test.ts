import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { dataOf, errorOf, restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', PROJECTION_POLL_MS: '200' })
  teardown.add(() => server.stop())
  api = restClient(server.url)
})

const message = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Meera',
  lastName: 'Nair',
  email: `sender-${randomUUID().slice(0, 8)}@example.com`,
  subject: 'Question about the Pro plan',
  message: 'Does the Pro plan include interview analytics yet?',
  ...overrides,
})

const contactEvents = async () =>
  Number(
    (
      await database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('type', '=', 'ContactMessageReceived')
        .executeTakeFirstOrThrow()
    ).count,
  )
const contactLimitRows = async () =>
  Number(
    (
      await database.db
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('bucket', 'like', 'contact:%')
        .executeTakeFirstOrThrow()
    ).count,
  )

async function mailTo(subject: string, timeoutMs = 15_000) {
  return vi.waitFor(
    async () => {
      const mail = await database.db
        .selectFrom('dev_mailbox')
        .selectAll()
        .where('subject', '=', subject)
        .executeTakeFirst()
      if (!mail) throw new Error(`no mail with subject ${subject}`)
      return mail
    },
    { timeout: timeoutMs, interval: 100 },
  )
}

describe('POST /api/contact', () => {
  it.each([
    ['an empty body', {}, 'All fields are required'],
    ['a blank field', message({ subject: '   ' }), 'All fields are required'],
    ['a missing field', { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S' }, 'All fields are required'],
    ['a malformed e-mail', message({ email: 'not-an-email' }), 'Invalid email format'],
    ['an e-mail with spaces', message({ email: 'a b@example.com' }), 'Invalid email format'],
    ['a field of the wrong type', message({ message: 42 }), 'message'],
    ['an overlong message', message({ message: 'x'.repeat(5001) }), 'Message must be at most 5000 characters'],
  ])('refuses %s with 400 and writes nothing', async (_name, body, expected) => {
    const before = { events: await contactEvents(), limits: await contactLimitRows() }
    const answer = await api('POST', '/contact', { body })
    expect(answer.status).toBe(400)
    expect(errorOf(answer)).toContain(expected)
    expect({ events: await contactEvents(), limits: await contactLimitRows() }).toEqual(before)
  })

  it("answers exactly the product's messages", async () => {
    expect(errorOf(await api('POST', '/contact', { body: {} }))).toBe('All fields are required')
    expect(errorOf(await api('POST', '/contact', { body: message({ email: 'x@y' }) }))).toBe('Invalid email format')
  })

  it('stores the message first, sealed, then delivers it to the dev mailbox', async () => {
    const sent = message({ subject: `Billing ${randomUUID()}` })
    const receipt = dataOf<{ messageId: string; sentVia: string }>(await api('POST', '/contact', { body: sent }))
    expect(receipt.sentVia).toBe('Development mailbox')

    const event = await database.db
      .selectFrom('events')
      .select(['stream_id', 'data', 'event_id'])
      .where('stream_id', '=', `contact-${receipt.messageId}`)
      .executeTakeFirstOrThrow()
    const data = event.data as Record<string, string>
    for (const field of ['firstName', 'lastName', 'email', 'subject', 'message'])
      expect(data[field]).toMatch(/^pii:v1:/)
    expect(JSON.stringify(data)).not.toContain(sent.email)
    expect(data.deliverTo).toBe('support@interviewhelper.local')

    const mail = await mailTo(`[Contact] ${sent.subject}`)
    expect(mail.to_address).toBe('support@interviewhelper.local')
    expect(mail.reply_to).toBe(sent.email)
    expect(mail.text_body).toContain(sent.message)
    expect(mail.text_body).toContain(`Meera Nair <${sent.email}>`)
    const outbox = await database.db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'status'])
      .where('dedupe_key', '=', `contact:${event.event_id}`)
      .executeTakeFirstOrThrow()
    expect(outbox.status).toBe('sent')
    expect(
      await database.db
        .selectFrom('contact_mail_reactions')
        .select('event_id')
        .where('event_id', '=', event.event_id)
        .execute(),
    ).toHaveLength(1)
  })

  it('escapes what the sender typed in the HTML mail', async () => {
    const sent = message({ subject: `Markup ${randomUUID()}`, message: '<script>alert(1)</script> & <b>bold</b>' })
    dataOf(await api('POST', '/contact', { body: sent }))
    const mail = await mailTo(`[Contact] ${sent.subject}`)
    expect(mail.html_body).not.toContain('<script>')
    expect(mail.html_body).toContain('&lt;script&gt;')
  })

  it('is also on tRPC as site.sendContactMessage', async () => {
    const sent = message({ subject: `Via tRPC ${randomUUID()}` })
    const response = await fetch(`${server.url}/api/trpc/site.sendContactMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify(sent),
    })
    expect(response.status).toBe(200)
    await mailTo(`[Contact] ${sent.subject}`)
  })

  it('limits messages per sender address with 429, counting only accepted input', async () => {
    const email = `busy-${randomUUID().slice(0, 8)}@example.com`
    for (let index = 0; index < 5; index += 1) dataOf(await api('POST', '/contact', { body: message({ email }) }))
    const refused = await api('POST', '/contact', { body: message({ email }) })
    expect(refused.status).toBe(429)
    expect(errorOf(refused)).toBe('Too many messages from this email address. Please wait an hour and try again.')
  })

  it('limits messages per client address with 429', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    for (let index = 0; index < 10; index += 1) dataOf(await api('POST', '/contact', { body: message(), ip }))
    const refused = await api('POST', '/contact', { body: message(), ip })
    expect(refused.status).toBe(429)
    expect(errorOf(refused)).toBe('Too many messages from your network. Please wait an hour and try again.')
  })

  it('is described in the OpenAPI document with its five required fields', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        { post?: { requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } } } }
      >
    }
    const schema = document.paths['/contact']?.post?.requestBody?.content['application/json'].schema
    expect(schema?.required?.sort()).toEqual(['email', 'firstName', 'lastName', 'message', 'subject'])
  })
})

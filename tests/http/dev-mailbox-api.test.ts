/**
 * The development mailbox over REST: a documented operation while mail goes nowhere else (no SMTP,
 * not production), for callers on the server's own machine; otherwise absent from the document
 * and 404. A caller from elsewhere is refused by the same procedure (tests/unit/request-boundaries.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { mailedToken, type MailSource } from '#tests/support/mailbox.ts'
import { openApiClient } from '#tests/support/openapi-client.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const documentPaths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
const mailbox = z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })),
})

describe('GET /dev/mailbox on a development server without SMTP', () => {
  const baseUrl = inject('baseUrl')

  it('is in the document with its conditions', async () => {
    const document = documentPaths.parse(await (await fetch(`${baseUrl}/api/openapi.json`)).json())
    const operation = JSON.stringify(document.paths['/dev/mailbox']?.get)
    expect(operation).toContain('"operationId":"dev-mailbox"')
    expect(operation).toMatch(/production/)
    expect(operation).toMatch(/SMTP/)
    expect(operation).toMatch(/this machine|loopback/i)
    expect(operation).toContain('"404"')
  })

  it('hands a loopback caller the confirmation mail, whose token confirms the address', async () => {
    const ip = testClientIp()
    const api = restClient(baseUrl, { ip })
    const { call } = await openApiClient(baseUrl)
    const email = `mailbox-${randomUUID().slice(0, 8)}@example.com`
    dataOf(
      await api('POST', '/auth/register', { body: { email, password: 'Passw0rdX', firstName: 'Li', lastName: 'Wu' } }),
    )
    const documented: MailSource = async () => {
      const answer = await call('dev-mailbox', { ip })
      expect(answer.status).toBe(200)
      return mailbox.parse(answer.body.data).messages
    }
    const token = await mailedToken(documented, email)
    dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  })
})

describe('GET /dev/mailbox where mail really leaves (SMTP, as in production)', () => {
  let server: RunningServer
  const teardown = suiteTeardown()
  beforeAll(async () => {
    // Nothing listens there: mail is only queued, and the mailbox must not exist.
    server = await startBuiltServer({ SMTP_URL: 'smtp://127.0.0.1:9' })
    teardown.add(() => server.stop())
  })

  it('is absent from the document and answers 404', async () => {
    const document = documentPaths.parse(await (await fetch(`${server.url}/api/openapi.json`)).json())
    expect(Object.keys(document.paths)).not.toContain('/dev/mailbox')
    const answer = await fetch(`${server.url}/api/dev/mailbox`)
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ success: false, code: 'not_found' })
    const settings: unknown = await (await fetch(`${server.url}/api/auth/settings`)).json()
    expect(settings).toMatchObject({ success: true, data: { devMailbox: false } })
  })
})

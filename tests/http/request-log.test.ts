/**
 * The log of the built server: one JSON line per request with its id (taken from x-request-id or
 * made up, and echoed), the user once known, and no secrets; a server fault logs its stack while
 * the answer carries none.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { restClient } from '#tests/support/rest-client.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

let database: TestDatabase
let server: RunningServer
let token: string
let userId: string
const email = `logged-${randomUUID().slice(0, 8)}@example.com`
const password = 'Passw0rd!xyz'
const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/

const teardown = suiteTeardown()
beforeAll(async () => {
  database = await createTestDatabase('postgres')
  teardown.add(() => database.drop())
  server = await startBuiltServer({ DATABASE_URL: database.url ?? '', TRUST_PROXY: '1', LOG_LEVEL: 'info' })
  teardown.add(() => server.stop())
  token = await signedUpUserToken(restClient(server.url), database, { password, email })
  userId = z
    .object({ sub: z.string() })
    .parse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())).sub
}, 120_000)

const logLine = z.looseObject({ level: z.string(), time: z.string(), message: z.string() })

/** The server's log lines (JSON), in order; its other output (the HTTP server's own words) is left out. */
function logLines(): z.infer<typeof logLine>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => logLine.parse(JSON.parse(line)))
}

/** Waits for the request line of the request with this id (it is written once the answer is sent). */
async function requestLines(requestId: string) {
  await server.waitForOutput(new RegExp(`"requestId":"${requestId}".*"message":"request"`))
  return logLines().filter((line) => line.requestId === requestId && line.message === 'request')
}

describe('the request log', () => {
  it('writes one line per request: method, path without the query, status, duration, request id, user id', async () => {
    const requestId = `log-${randomUUID()}`
    const response = await fetch(`${server.url}/api/interview/history?token=query-secret`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
    })
    expect(response.status).toBe(200)
    const lines = await requestLines(requestId)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/api/interview/history',
      status: 200,
      requestId,
      userId,
      durationMs: expect.any(Number) as unknown,
    })
  })

  it('logs static files and pages too', async () => {
    for (const path of ['/favicon.svg', '/', '/no-such-page']) {
      const response = await fetch(`${server.url}${path}`)
      await response.arrayBuffer()
      const requestId = response.headers.get('x-request-id') ?? ''
      expect(requestId).toMatch(uuid)
      expect(await requestLines(requestId)).toEqual([expect.objectContaining({ path, status: response.status })])
    }
  })

  it('never writes the e-mail address, the password, the access token or a query string', () => {
    const output = server.output()
    expect(output).toContain('mail delivered to the development mailbox')
    for (const secret of [email, password, token, 'query-secret']) expect(output).not.toContain(secret)
  })
})

describe('x-request-id', () => {
  it('echoes a short plain id the caller sends', async () => {
    const response = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'client-42.a:b' } })
    expect(response.headers.get('x-request-id')).toBe('client-42.a:b')
  })

  it.each([
    ['absent', undefined],
    ['too long', 'x'.repeat(129)],
    ['with unsafe characters', 'id with spaces"<script>'],
  ])('makes one up when the given id is %s', async (_case, given) => {
    const response = await fetch(`${server.url}/api/health`, {
      headers: given === undefined ? {} : { 'x-request-id': given },
    })
    const requestId = response.headers.get('x-request-id') ?? ''
    expect(requestId).toMatch(uuid)
    expect(await requestLines(requestId)).toHaveLength(1)
  })
})

describe('a server fault', () => {
  it('logs the error with its stack under the request id; the answer is a bare 500', async () => {
    await sql`alter table interview_sessions_view rename to interview_sessions_view_gone`.execute(database.db)
    try {
      const requestId = `fault-${randomUUID()}`
      const response = await fetch(`${server.url}/api/interview/history`, {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
      })
      expect(response.status).toBe(500)
      const body = await response.text()
      expect(JSON.parse(body)).toEqual({ success: false, error: expect.any(String) as unknown, code: 'internal_error' })
      expect(body).not.toMatch(/interview_sessions_view|\bat .+:\d+:\d+/)
      await requestLines(requestId)
      const failure = logLines().find(
        (line) => line.requestId === requestId && line.level === 'error' && 'error' in line,
      )
      const error = z.object({ message: z.string(), stack: z.string() }).parse(failure?.error)
      expect(error.message).toContain('interview_sessions_view')
      expect(error.stack).toMatch(/\n\s+at /)
      const overTrpc = await fetch(`${server.url}/api/trpc/interviews.history`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(overTrpc.status).toBe(500)
      expect(await overTrpc.text()).not.toMatch(/interview_sessions_view|\bat .+:\d+:\d+|"stack"/)
    } finally {
      await sql`alter table interview_sessions_view_gone rename to interview_sessions_view`.execute(database.db)
    }
  })
})

import { randomInt } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'
import { restClient } from '#tests/support/rest-client.ts'
import { signedUpUserToken } from '#tests/support/sign-up.ts'

/**
 * The built server on PostgreSQL reached through a relay the test controls: cutting the relay is
 * the database going away (open connections dropped, new ones refused), for this server only.
 */
describe('the built server while its PostgreSQL is unreachable', () => {
  let database: TestDatabase
  let proxy: TcpProxy
  let server: RunningServer
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    teardown.add(() => database.drop())
    const direct = new URL(database.url ?? '')
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    teardown.add(() => proxy.close())
    const relayed = new URL(direct)
    relayed.host = `127.0.0.1:${proxy.port}`
    server = await startBuiltServer({ DATABASE_URL: relayed.toString(), TRUST_PROXY: '1' })
    teardown.add(() => server.stop())
  })

  // A failed sign-in reads the database (its abuse limit and the account); each from its own address.
  const signIn = (path: '/api/auth/login' | '/api/trpc/accounts.login') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Passw0rd!xyz' }),
    })

  it('answers 503 with Retry-After and a JSON error on REST and tRPC, then serves again without a restart', async () => {
    expect((await signIn('/api/auth/login')).status).toBe(401)

    await proxy.cut()
    const rest = await signIn('/api/auth/login')
    expect(rest.status).toBe(503)
    expect(rest.headers.get('retry-after')).toBe('5')
    expect(await rest.json()).toEqual({
      success: false,
      error: expect.stringContaining('temporarily unavailable') as unknown,
      code: 'service_unavailable',
    })
    const trpc = await signIn('/api/trpc/accounts.login')
    expect(trpc.status).toBe(503)
    expect(trpc.headers.get('retry-after')).toBe('5')
    expect(await trpc.json()).toMatchObject({
      error: {
        message: expect.stringContaining('temporarily unavailable') as unknown,
        data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
      },
    })

    await proxy.restore()
    expect((await signIn('/api/auth/login')).status).toBe(401)
    expect((await signIn('/api/trpc/accounts.login')).status).toBe(401)
    expect(server.output()).not.toMatch(/uncaught|Internal server error/i)
  })

  it('answers 503 on the routes that are not procedures too (answer stream, audio upload), where the token is checked', async () => {
    const token = await signedUpUserToken(restClient(server.url), database, { password: 'Passw0rd!xyz' })
    await proxy.cut()
    try {
      const headers = { authorization: `Bearer ${token}` }
      const stream = await fetch(`${server.url}/api/interview/question/stream`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'What is a hash map?' }),
      })
      const form = new FormData()
      form.append('audio', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'q.wav')
      const audio = await fetch(`${server.url}/api/interview/audio-question`, { method: 'POST', headers, body: form })
      for (const answer of [stream, audio]) {
        expect(answer.status).toBe(503)
        expect(answer.headers.get('retry-after')).toBe('5')
        expect(await answer.json()).toMatchObject({ success: false, code: 'service_unavailable' })
      }
    } finally {
      await proxy.restore()
    }
    expect(server.output()).not.toMatch(/uncaught|Internal server error/i)
  })

  it('answers /api/ready 503 with the database down while it is unreachable, and 200 again once it is back', async () => {
    const ready = async () => {
      const response = await fetch(`${server.url}/api/ready`)
      return { status: response.status, body: (await response.json()) as unknown }
    }
    expect(await ready()).toMatchObject({ status: 200, body: { data: { checks: { database: 'up' } } } })
    await proxy.cut()
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: {
          success: false,
          error: 'The database is not reachable',
          code: 'service_unavailable',
          details: {
            status: 'not-ready',
            checks: { database: 'down', migrations: null, projections: null, inngest: 'not-configured' },
          },
        },
      })
    } finally {
      await proxy.restore()
    }
    expect(await ready()).toMatchObject({
      status: 200,
      body: { success: true, data: { status: 'ready', checks: { database: 'up', migrations: { current: true } } } },
    })
  })
})

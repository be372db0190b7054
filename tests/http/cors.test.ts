/**
 * CORS for the desktop shells and local development servers listed in CORS_ORIGINS, on a server
 * of its own; the shared test server lists none.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const listed = ['app://interview-helper', 'null', 'http://localhost:5173']

const preflight = (url: string, origin: string, method = 'POST') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  })

describe('CORS with CORS_ORIGINS set', () => {
  let server: RunningServer
  const teardown = suiteTeardown()
  beforeAll(async () => {
    server = await startBuiltServer({ CORS_ORIGINS: 'app://Interview-Helper, null ,http://localhost:5173' })
    teardown.add(() => server.stop())
  })

  it.each(listed)('answers a preflight from %s with 204, the methods, the headers and a max-age', async (origin) => {
    const response = await preflight(`${server.url}/api/interview/session/start`, origin)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/)
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    for (const header of ['authorization', 'content-type', 'x-request-id', 'idempotency-key'])
      expect(allowed).toContain(header)
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0)
    expect(response.headers.get('vary')).toMatch(/Origin/)
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('lets a listed origin read an answer, and the headers a client acts on', async () => {
    const response = await fetch(`${server.url}/api/auth/plans`, { headers: { origin: 'app://interview-helper' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('app://interview-helper')
    expect(response.headers.get('vary')).toMatch(/Origin/)
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    for (const header of ['retry-after', 'x-request-id', 'ratelimit', 'idempotent-replayed'])
      expect(exposed).toContain(header)
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('exposes exactly the response headers the API document declares, no more and no fewer', async () => {
    const document = z
      .object({
        paths: z.record(
          z.string(),
          z.record(
            z.string(),
            z
              .object({
                responses: z.record(
                  z.string(),
                  z.object({ headers: z.record(z.string(), z.unknown()).optional() }).loose(),
                ),
              })
              .loose(),
          ),
        ),
      })
      .parse(await (await fetch(`${server.url}/api/openapi.json`)).json())
    const declared = new Set(
      Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .flatMap((operation) => Object.values(operation.responses))
        .flatMap((answer) => Object.keys(answer.headers ?? {}))
        .map((name) => name.toLowerCase()),
    )
    const response = await fetch(`${server.url}/api/auth/plans`, { headers: { origin: 'app://interview-helper' } })
    const exposed = (response.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
    expect(exposed.toSorted()).toEqual([...declared].toSorted())
    for (const sent of ['api-version', 'x-request-id', 'idempotent-replayed', 'ratelimit', 'ratelimit-policy'])
      expect(declared).toContain(sent)
  })

  it('lets a listed origin read a refusal too', async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it.each(['https://evil.example', 'app://interview-helper.evil', 'http://localhost:5174'])(
    'gives %s no CORS header, and refuses its preflight with 403',
    async (origin) => {
      const answer = await fetch(`${server.url}/api/auth/plans`, { headers: { origin } })
      expect(answer.status).toBe(200)
      expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
      const refused = await preflight(`${server.url}/api/auth/plans`, origin, 'GET')
      expect(refused.status).toBe(403)
      expect([...refused.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
      expect(await refused.json()).toEqual({
        success: false,
        error: 'This origin may not call the API: list it in CORS_ORIGINS',
        code: 'forbidden',
      })
    },
  )

  it('adds no CORS header to pages and files, which no other origin needs to read', async () => {
    for (const path of ['/', '/favicon.svg']) {
      const response = await fetch(`${server.url}${path}`, { headers: { origin: 'app://interview-helper' } })
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull()
    }
  })
})

describe('CORS without CORS_ORIGINS', () => {
  const baseUrl = inject('baseUrl')

  it('allows no origin', async () => {
    const response = await preflight(`${baseUrl}/api/auth/login`, 'app://interview-helper')
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })
})

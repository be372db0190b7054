import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { directApiHandler } from '#server/nitro/api-dispatch.ts'
import { startingError } from '#server/routes/health-routes.ts'

const get = (pathname: string, method = 'GET') =>
  directApiHandler(new Request(`http://127.0.0.1${pathname}`, { method }), pathname)

/** The paths of the page router's own API routes, with a sample value for each parameter. */
async function fileRoutePaths(): Promise<string[]> {
  const folder = path.resolve(import.meta.dirname, '../../src/routes/api')
  const files = await readdir(folder, { recursive: true })
  return files
    .filter((file) => file.endsWith('.ts') && !file.includes('$.ts') && !file.endsWith('trpc.$.ts'))
    .map((file) =>
      `/api/${file.replace(/\.ts$/, '').replace('[.]', '.')}`.replace(/\$\w+/g, 'f3b1c2d4-0000-4000-8000-000000000000'),
    )
}

describe('API requests answered before the page router', () => {
  it('serves REST operations and tRPC calls directly', () => {
    expect(get('/api/auth/plans')).toBeTypeOf('function')
    expect(get('/api/interview/session/start', 'POST')).toBeTypeOf('function')
    expect(get('/api/support/users/some-id/events')).toBeTypeOf('function')
    // A known path with another method gets the bridge's own 405.
    expect(get('/api/auth/plans', 'DELETE')).toBeTypeOf('function')
    expect(get('/api/trpc/site.settings')).toBeTypeOf('function')
    expect(get('/api/trpc/auth.login', 'POST')).toBeTypeOf('function')
  })

  it('answers the health and readiness probes directly, so a check never waits for the page router', async () => {
    for (const probe of ['/api/health', '/api/ready'])
      for (const method of ['GET', 'HEAD']) expect(get(probe, method), `${method} ${probe}`).toBeTypeOf('function')
    // Until the server booted (the runtime started, the page router warmed) its health says so.
    const answer = await get('/api/health')?.(new Request('http://127.0.0.1/api/health'))
    expect(answer?.status).toBe(503)
    expect(await answer?.json()).toEqual({ success: false, error: startingError, code: 'service_unavailable' })
    // Another method takes the router's way, to its 405.
    expect(get('/api/health', 'POST')).toBeUndefined()
  })

  it('leaves every other route of the page router to it, and pages, unknown paths and other tRPC methods', async () => {
    const routes = (await fileRoutePaths()).filter((route) => route !== '/api/health' && route !== '/api/ready')
    expect(routes).toContain('/api/interview/question/stream')
    for (const route of routes) for (const method of ['GET', 'POST']) expect(get(route, method), route).toBeUndefined()
    expect(get('/pricing')).toBeUndefined()
    expect(get('/api/nothing-here')).toBeUndefined()
    expect(get('/api/trpc/site.settings', 'PUT')).toBeUndefined()
  })

  it('leaves an address that does not decode to the error handler', () => {
    expect(get('/api/support/users/%E0%A4%A/events')).toBeUndefined()
    expect(get('/api/trpc/site.settings%FF')).toBeUndefined()
  })
})

import { createTRPCUntypedClient, httpLink } from '@trpc/client'
import type { AnyRouter } from '@trpc/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshOnUnauthorizedLink } from '#src/auth/refresh-link.ts'
import { accessTokenKey, readAccessToken, readRefreshToken, refreshTokenKey } from '#src/auth/token-storage.ts'

/** Just enough of the browser's Storage for the token module. */
class MemoryStorage {
  private items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

type Call = { path: string; authorization: string | null; body: unknown }

const urlOf = (input: string | URL | Request) => (input instanceof Request ? input.url : input.toString())

/**
 * A stand-in for /api/trpc speaking tRPC's HTTP format: `validate` accepts only the current access
 * token; `refreshToken` rotates once per valid refresh token.
 */
function fakeServer(options: { refresh: 'ok' | 'reject' | 'network' }) {
  const calls: Call[] = []
  let validAccess = 'fresh-access'
  let validRefresh = 'refresh-1'
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const unauthorized = (path: string) =>
    json(401, {
      error: { message: 'Sign in to continue', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401, path } },
    })

  const respond = (input: string | URL | Request, init?: RequestInit): Response => {
    const url = new URL(urlOf(input), 'http://app.test')
    const path = url.pathname.replace('/api/trpc/', '')
    const headers = new Headers(init?.headers)
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ path, authorization: headers.get('authorization'), body })
    if (path === 'accounts.refreshToken') {
      if (options.refresh === 'network') throw new TypeError('Failed to fetch')
      if (options.refresh === 'reject' || (body as { refreshToken: string }).refreshToken !== validRefresh)
        return unauthorized(path)
      validAccess = `access-${calls.length}`
      validRefresh = `refresh-${calls.length}`
      return json(200, { result: { data: { tokens: { accessToken: validAccess, refreshToken: validRefresh } } } })
    }
    if (headers.get('authorization') !== `Bearer ${validAccess}`) return unauthorized(path)
    return json(200, { result: { data: { ok: true } } })
  }
  // A throw inside the executor rejects the promise, as a failed fetch does.
  const fetch = vi.fn(
    (input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((resolve) => resolve(respond(input, init))),
  )
  return { fetch, calls }
}

function appClient() {
  return createTRPCUntypedClient<AnyRouter>({
    links: [
      refreshOnUnauthorizedLink(),
      httpLink({
        url: 'http://app.test/api/trpc',
        headers: (): Record<string, string> => {
          const token = readAccessToken()
          return token ? { authorization: `Bearer ${token}` } : {}
        },
      }),
    ],
  })
}

describe('refresh on UNAUTHORIZED', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage())
    localStorage.setItem(accessTokenKey, 'expired-access')
    localStorage.setItem(refreshTokenKey, 'refresh-1')
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('refreshes once and repeats the call with the new token', async () => {
    const server = fakeServer({ refresh: 'ok' })
    vi.stubGlobal('fetch', server.fetch)
    await expect(appClient().query('accounts.validate')).resolves.toEqual({ ok: true })
    expect(server.calls.map((call) => call.path)).toEqual([
      'accounts.validate',
      'accounts.refreshToken',
      'accounts.validate',
    ])
    expect(server.calls[2]?.authorization).toBe(`Bearer ${readAccessToken()}`)
    expect(readRefreshToken()).not.toBe('refresh-1')
  })

  it('shares one refresh between calls that fail together (a reused refresh token would revoke the family)', async () => {
    const server = fakeServer({ refresh: 'ok' })
    vi.stubGlobal('fetch', server.fetch)
    const client = appClient()
    await expect(
      Promise.all([
        client.query('accounts.validate'),
        client.query('payments.subscription'),
        client.query('accounts.validate'),
      ]),
    ).resolves.toHaveLength(3)
    expect(server.calls.filter((call) => call.path === 'accounts.refreshToken')).toHaveLength(1)
  })

  it('signs out when the refresh is refused: tokens cleared, the error surfaces', async () => {
    const server = fakeServer({ refresh: 'reject' })
    vi.stubGlobal('fetch', server.fetch)
    await expect(appClient().query('accounts.validate')).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } })
    expect(readAccessToken()).toBeNull()
    expect(readRefreshToken()).toBeNull()
  })

  it('keeps the tokens when the refresh could not reach the server', async () => {
    const server = fakeServer({ refresh: 'network' })
    vi.stubGlobal('fetch', server.fetch)
    await expect(appClient().query('accounts.validate')).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } })
    expect(readRefreshToken()).toBe('refresh-1')
  })

  it('does not refresh for a call made without a token', async () => {
    localStorage.removeItem(accessTokenKey)
    const server = fakeServer({ refresh: 'ok' })
    vi.stubGlobal('fetch', server.fetch)
    await expect(appClient().query('accounts.validate')).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } })
    expect(server.calls.map((call) => call.path)).toEqual(['accounts.validate'])
  })

  it('does not refresh when the failing call is the sign-in itself', async () => {
    const server = fakeServer({ refresh: 'ok' })
    vi.stubGlobal('fetch', server.fetch)
    await expect(appClient().mutation('accounts.login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    })
    expect(server.calls.map((call) => call.path)).toEqual(['accounts.login'])
  })

  it('tries only once: a second UNAUTHORIZED is the answer', async () => {
    const server = fakeServer({ refresh: 'ok' })
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const response = await server.fetch(input, init)
      // The server keeps refusing the call even with fresh tokens (e.g. the account was disabled).
      return urlOf(input).includes('accounts.validate')
        ? new Response(
            JSON.stringify({ error: { message: 'no', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } }),
            { status: 401 },
          )
        : response
    })
    vi.stubGlobal('fetch', fetch)
    await expect(appClient().query('accounts.validate')).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } })
    expect(server.calls.filter((call) => call.path === 'accounts.refreshToken')).toHaveLength(1)
    expect(server.calls.filter((call) => call.path === 'accounts.validate')).toHaveLength(2)
  })
})

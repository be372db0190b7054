/**
 * API answers carry tokens and personal data: no browser, proxy or CDN may keep them.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')

const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientIp() },
    body: JSON.stringify(body),
  })

describe('Cache-Control on API answers', () => {
  it.each([
    [
      'a sign-up answer',
      () =>
        post('/api/auth/register', {
          email: `c-${randomUUID().slice(0, 8)}@example.com`,
          password: 'Passw0rd!xyz',
          firstName: 'Cara',
          lastName: 'Lee',
        }),
    ],
    ['a refused sign-in', () => post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-passw0rd' })],
    ['a refused token refresh', () => post('/api/auth/refresh-token', { refreshToken: 'not-a-token' })],
    ['a REST read', () => fetch(`${baseUrl}/api/auth/plans`)],
    ['a tRPC call', () => fetch(`${baseUrl}/api/trpc/accounts.signInSettings`)],
    ['a bad request', () => post('/api/auth/login', {})],
  ])('%s is no-store', async (_name, send) => {
    const response = await send()
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

/**
 * API answers carry tokens and personal data: no browser, proxy or CDN may keep them.
 */
import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
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

describe('Cache-Control on files', () => {
  it('keeps every hashed bundle and stylesheet for a year, unchanged, in any encoding', async () => {
    const assets = (await readdir(path.join(projectRoot, '.output/public/assets'))).filter((file) =>
      /\.(js|css)$/.test(file),
    )
    expect(assets.length).toBeGreaterThan(10)
    for (const asset of assets.slice(0, 10)) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await fetch(`${baseUrl}/assets/${asset}`, { headers: { 'accept-encoding': encoding } })
        expect(response.headers.get('cache-control'), `${asset} (${encoding})`).toBe(
          'public, max-age=31536000, immutable',
        )
      }
    }
  })

  it('does not call a file without a hash in its name immutable', async () => {
    const response = await fetch(`${baseUrl}/favicon.svg`)
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable')
  })
})

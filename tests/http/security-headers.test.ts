/**
 * The headers every answer carries, whoever made it: a page, an API answer, a static file, and
 * the error handler's answers.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'

const baseUrl = inject('baseUrl')

const hashedScript = async () => {
  const files = await readdir(path.join(projectRoot, '.output/public/assets'))
  const script = files.find((file) => /^index-[\w-]+\.js$/.test(file))
  if (!script) throw new Error('the build has no index-*.js')
  return `/assets/${script}`
}

const answers: [string, () => Promise<string>][] = [
  ['a page', () => Promise.resolve('/')],
  ['a page that does not exist', () => Promise.resolve('/no-such-page')],
  ['an API answer', () => Promise.resolve('/api/auth/plans')],
  ['a tRPC answer', () => Promise.resolve('/api/trpc/site.settings')],
  ['an API refusal', () => Promise.resolve('/api/no-such-operation')],
  ['a file', () => Promise.resolve('/favicon.svg')],
  ['a hashed bundle', hashedScript],
  ['the error handler on a page address', () => Promise.resolve('/pricing%')],
  ['the error handler on an API address', () => Promise.resolve('/api/auth/plans%')],
  // The router answers a protocol-relative path with Response.redirect, whose headers are immutable.
  ['a redirect', () => Promise.resolve('//pricing')],
]

describe('security headers', () => {
  it.each(answers)('%s carries them', async (_name, pathOf) => {
    const response = await fetch(`${baseUrl}${await pathOf()}`, { redirect: 'manual' })
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    // Development and test servers speak plain HTTP: HSTS is for production only.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it('gives a page a policy whose nonce is the one on its inline scripts, new for every answer', async () => {
    const nonces: string[] = []
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${baseUrl}/`)
      const policy = response.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([\w+/=]+)'/.exec(policy)?.[1]
      expect(nonce).toBeDefined()
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
      expect(scripts.length).toBeGreaterThan(2)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
      expect(policy).not.toContain("'unsafe-inline' ") // only style attributes may be inline
      expect(policy).toMatch(/style-src-attr 'unsafe-inline'/)
      nonces.push(nonce ?? '')
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })

  it('lets a page use the microphone and screen sharing only itself, and no frame any of the features it never uses', async () => {
    const response = await fetch(`${baseUrl}/interview`)
    expect(response.headers.get('permissions-policy')).toMatch(/(^|, )microphone=\(self\)/)
    expect(response.headers.get('permissions-policy')).toMatch(/(^|, )display-capture=\(self\)/)
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/)
  })

  it('gives what is not a page the policy that loads nothing', async () => {
    const response = await fetch(`${baseUrl}/api/auth/plans`)
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
  })
})

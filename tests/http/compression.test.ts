/**
 * What goes over the wire: bundles precompressed at build and picked by Accept-Encoding, JSON
 * answers past 1 KB and pages compressed as they are sent, small answers left as they are.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { rawRequest } from '#tests/support/raw-http.ts'

const baseUrl = inject('baseUrl')
const publicDir = path.join(projectRoot, '.output/public')

async function largestBundle(): Promise<string> {
  const files = await readdir(path.join(publicDir, 'assets'))
  const script = files.find((file) => /^index-[\w-]+\.js$/.test(file))
  if (!script) throw new Error('the build has no index-*.js')
  return `/assets/${script}`
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const

describe('compression', () => {
  it('writes brotli and gzip copies of the bundles at build', async () => {
    const files = new Set(await readdir(path.join(publicDir, 'assets')))
    const bundle = path.basename(await largestBundle())
    expect(files.has(`${bundle}.br`)).toBe(true)
    expect(files.has(`${bundle}.gz`)).toBe(true)
  })

  it.each(['br', 'gzip'] as const)(
    'serves a hashed bundle in %s, with Vary and a year-long immutable lifetime',
    async (encoding) => {
      const bundle = await largestBundle()
      const plain = await rawRequest(`${baseUrl}${bundle}`)
      const answer = await rawRequest(`${baseUrl}${bundle}`, { headers: { 'accept-encoding': encoding } })
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(answer.headers['content-type']).toMatch(/javascript/)
      expect(answer.body.length).toBeLessThan(plain.body.length / 2)
      expect(decode[encoding](answer.body).equals(plain.body)).toBe(true)
    },
  )

  it('serves a bundle as it is to a client that takes no encoding', async () => {
    const answer = await rawRequest(`${baseUrl}${await largestBundle()}`)
    expect(answer.headers['content-encoding']).toBeUndefined()
  })

  it.each(['br', 'gzip'] as const)('compresses a JSON answer past 1 KB in %s', async (encoding) => {
    const plain = await rawRequest(`${baseUrl}/api/openapi.json`)
    expect(plain.body.length).toBeGreaterThan(1024)
    const answer = await rawRequest(`${baseUrl}/api/openapi.json`, {
      headers: { 'accept-encoding': `${encoding}, deflate` },
    })
    expect(answer.headers['content-encoding']).toBe(encoding)
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i)
    expect(JSON.parse(decode[encoding](answer.body).toString())).toEqual(JSON.parse(plain.body.toString()))
  })

  it('prefers what the client weighs higher, and never an encoding it refuses', async () => {
    const gzipFirst = await rawRequest(`${baseUrl}/api/openapi.json`, {
      headers: { 'accept-encoding': 'br;q=0.5, gzip' },
    })
    expect(gzipFirst.headers['content-encoding']).toBe('gzip')
    const refused = await rawRequest(`${baseUrl}/api/openapi.json`, {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('leaves a JSON answer under 1 KB as it is', async () => {
    const answer = await rawRequest(`${baseUrl}/api/health`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(answer.body.length).toBeLessThan(1024)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(answer.body.toString())).toMatchObject({ success: true })
  })

  it('compresses a page as it is sent', async () => {
    const answer = await rawRequest(`${baseUrl}/pricing`, { headers: { 'accept-encoding': 'gzip' } })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.body).toString()).toContain('</html>')
  })

  it('sends no body to HEAD and encodes none', async () => {
    const answer = await rawRequest(`${baseUrl}/api/openapi.json`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    })
    expect(answer.body.length).toBe(0)
    expect(answer.headers['content-encoding']).toBeUndefined()
  })
})

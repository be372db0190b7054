/**
 * The landing page as a first visit receives it: every script and stylesheet it loads up front
 * precompressed and kept for a year, the page itself compressed, and its JavaScript within budget.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import {
  firstLoadAssets,
  firstLoadJsCeilingBytes,
  gzippedBytes,
  type FirstLoadAssets,
} from '#tests/support/first-load-assets.ts'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { rawRequest } from '#tests/support/raw-http.ts'

const baseUrl = inject('baseUrl')
const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const
/** nitro leaves files under 1 KB uncompressed at build: the saving is smaller than a header. */
const compressedFrom = 1024

describe('the landing page over the wire', () => {
  let html: string
  let assets: FirstLoadAssets

  beforeAll(async () => {
    html = (await rawRequest(`${baseUrl}/`)).body.toString()
    assets = await firstLoadAssets(html)
  })

  it.each(['br', 'gzip'] as const)(
    'serves every script and stylesheet it loads up front in %s, kept for a year',
    async (encoding) => {
      expect(assets.js.length).toBeGreaterThan(0)
      expect(assets.css.length).toBeGreaterThan(0)
      for (const asset of [...assets.js, ...assets.css]) {
        const plain = await rawRequest(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } })
        const answer = await rawRequest(`${baseUrl}${asset}`, { headers: { 'accept-encoding': encoding } })
        expect(answer.status, asset).toBe(200)
        expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
        if (plain.body.length < compressedFrom) continue
        expect(answer.headers['content-encoding'], asset).toBe(encoding)
        expect(answer.headers.vary, asset).toMatch(/Accept-Encoding/i)
        expect(decode[encoding](answer.body).equals(plain.body), asset).toBe(true)
      }
    },
  )

  it('serves each of them as it is to a client that takes no encoding, kept for a year', async () => {
    for (const asset of [...assets.js, ...assets.css]) {
      const answer = await rawRequest(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } })
      expect(answer.status, asset).toBe(200)
      expect(answer.headers['content-encoding'], asset).toBeUndefined()
      expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
    }
  })

  it.each(['br', 'gzip'] as const)('sends the page itself in %s, never to be kept', async (encoding) => {
    const answer = await rawRequest(`${baseUrl}/`, { headers: { 'accept-encoding': encoding } })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe(encoding)
    expect(answer.headers['cache-control'] ?? '').not.toContain('immutable')
    const page = decode[encoding](answer.body).toString()
    expect(page).toContain('Crush Interviews. No Sweat.')
    expect(page).toContain('Prices that makes sense!')
    expect(answer.body.length).toBeLessThan(page.length / 3)
  })

  it(`keeps the JavaScript of a first visit within ${firstLoadJsCeilingBytes / 1000} KB gzipped`, async () => {
    const bytes = await gzippedBytes(assets.js)
    expect(bytes, `${assets.js.join(', ')}: ${bytes} bytes`).toBeLessThanOrEqual(firstLoadJsCeilingBytes)
  })

  it('leaves the sections below the first screen, the purchase dialogs, the checkout code and the API reference to chunks fetched on demand', () => {
    const loadedUpFront = assets.js.join(' ')
    expect(loadedUpFront).not.toMatch(
      /pricing-section|sandbox-checkout-dialog|plan-change-dialog|payment-success-overlay|checkout-code|api-reference/,
    )
  })

  it("leaves the progress page's charts (Recharts) out of what it loads up front", async () => {
    for (const asset of assets.js) {
      const source = await readFile(path.join(projectRoot, '.output/public', asset), 'utf8')
      expect(source.includes('recharts-surface'), asset).toBe(false)
    }
  })
})

import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { compressResponse, negotiateEncoding } from '#server/http/compression.ts'
import { jsonTextResponse } from '#server/http/json-response.ts'
import { pagePolicy } from '#server/http/content-security-policy.ts'
import { addSecurityHeaders } from '#server/http/security-headers.ts'

const razorpayKeys = {
  RAZORPAY_KEY_ID: 'rzp_test_abc',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsecret',
}

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

describe('the page policy', () => {
  it('allows this site and the nonce only, on the embedded defaults', () => {
    const policy = pagePolicy(loadConfig({}), 'abc')
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc'", 'blob:', "'wasm-unsafe-eval'"])
    expect(directive(policy, 'connect-src')).toEqual(["'self'"])
    expect(directive(policy, 'frame-src')).toEqual(["'none'"])
    expect(directive(policy, 'style-src')).toEqual(["'self'"])
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"])
    expect(policy).not.toMatch(/razorpay|google/)
  })

  it("lets the API reference's renderer inject its style elements, and nothing more", () => {
    const strict = pagePolicy(loadConfig({}), 'abc', '/docs')
    const reference = pagePolicy(loadConfig({}), 'abc', '/docs/api')
    expect(directive(reference, 'style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directive(strict, 'style-src')).toEqual(["'self'"])
    const otherDirectives = (policy: string) => policy.split('; ').filter((part) => !part.startsWith('style-src '))
    expect(otherDirectives(reference)).toEqual(otherDirectives(strict))
  })

  it("adds Razorpay's checkout only when Razorpay is configured", () => {
    const policy = pagePolicy(loadConfig(razorpayKeys), 'abc')
    expect(directive(policy, 'script-src')).toContain('https://checkout.razorpay.com')
    expect(directive(policy, 'frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com'])
    expect(directive(policy, 'connect-src')).toContain('https://api.razorpay.com')
    expect(policy).not.toMatch(/google/)
  })

  it("adds GA4's hosts only with a measurement id", () => {
    expect(pagePolicy(loadConfig({ GA_MEASUREMENT_ID: '' }), 'abc')).not.toMatch(/google/)
    const policy = pagePolicy(loadConfig({ GA_MEASUREMENT_ID: 'G-ABC123XYZ' }), 'abc')
    expect(directive(policy, 'script-src')).toContain('https://*.googletagmanager.com')
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com')
    expect(directive(policy, 'img-src')).toContain('https://*.google-analytics.com')
    expect(policy).not.toMatch(/razorpay/)
  })

  it("lets the browser call the Supabase project's origin when Supabase is configured", () => {
    const policy = pagePolicy(
      loadConfig({ SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_ANON_KEY: 'anon' }),
      'abc',
    )
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co'])
  })
})

describe('security headers', () => {
  it('add HSTS in production only', () => {
    const production = new Headers({ 'content-type': 'text/html' })
    addSecurityHeaders(production, { ...loadConfig({}), isProduction: true }, () => 'abc', '/')
    expect(production.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    const development = new Headers({ 'content-type': 'text/html' })
    addSecurityHeaders(development, loadConfig({}), () => 'abc', '/')
    expect(development.get('strict-transport-security')).toBeNull()
  })
})

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })
})

describe('compressResponse', () => {
  const request = new Request('http://localhost/api/x', { headers: { 'accept-encoding': 'gzip' } })
  const big = 'x'.repeat(4096)

  it.each([
    ['server-sent events', { 'content-type': 'text/event-stream' }],
    ['an answer already encoded', { 'content-type': 'application/json', 'content-encoding': 'br' }],
    ['an answer marked no-transform', { 'content-type': 'application/json', 'cache-control': 'no-transform' }],
    ['a type it does not compress', { 'content-type': 'image/png' }],
  ])('leaves %s as it is', async (_name, headers) => {
    const original = new Response(big, { headers })
    expect(await compressResponse(request, original)).toBe(original)
  })

  it('keeps the status and headers of a JSON answer it compresses', async () => {
    const original = Response.json({ big }, { status: 409, headers: { 'retry-after': '5' } })
    const compressed = await compressResponse(request, original)
    expect(compressed.status).toBe(409)
    expect(compressed.headers.get('retry-after')).toBe('5')
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
  })

  it('answers a small JSON answer of the API as it is, with Vary, and its text unread', async () => {
    const original = jsonTextResponse('{"success":true,"data":{}}', 200)
    const answered = await compressResponse(request, original)
    expect(answered).toBe(original)
    expect(answered.headers.get('vary')).toBe('Accept-Encoding')
    expect(answered.headers.get('content-encoding')).toBeNull()
    expect(await answered.text()).toBe('{"success":true,"data":{}}')
  })

  it('compresses a large JSON answer of the API from its text, keeping status and headers', async () => {
    const text = JSON.stringify({ success: false, error: big })
    const compressed = await compressResponse(request, jsonTextResponse(text, 409, { 'retry-after': '5' }))
    expect(compressed.status).toBe(409)
    expect(compressed.headers.get('retry-after')).toBe('5')
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(text)
  })

  it('leaves a large JSON answer of the API uncompressed for a client that takes no encoding', async () => {
    const original = jsonTextResponse(JSON.stringify({ big }), 200)
    const answered = await compressResponse(new Request('http://localhost/api/x'), original)
    expect(answered).toBe(original)
    expect(await answered.json()).toEqual({ big })
  })
})

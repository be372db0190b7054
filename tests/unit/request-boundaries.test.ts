import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { fixedClock } from '#events/clock.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { isJsonContentType } from '#server/http/json-content-type.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import { isLoopbackAddress, socketAddressOf } from '#server/http/socket-address.ts'
import type { Runtime } from '#server/runtime.ts'
import { trpcBodyLimit } from '#server/trpc/body-limit.ts'
import type { Context } from '#server/trpc/context.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'

const chunkBytes = 64 * 1024

/** A body of `total` bytes made only as it is pulled, counting what was pulled. */
function countedBody(total: number) {
  const counts = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counts.pulled >= total) {
        controller.close()
        return
      }
      counts.pulled += chunkBytes
      controller.enqueue(new Uint8Array(chunkBytes))
    },
    cancel() {
      counts.cancelled = true
    },
  })
  return { stream, counts }
}

const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('reading a body within a limit', () => {
  it('reads a body under the limit whole', async () => {
    const read = await readRequestBody(post('{"a":1}'), 1024)
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe('{"a":1}')
  })

  it('refuses a 300 MB stream at the first chunk past the limit, drops a bounded rest so the client can read the 413, then cancels it', async () => {
    const { stream, counts } = countedBody(300 * 1024 * 1024)
    const read = await readRequestBody(post(stream), 64 * 1024)
    expect(read).toEqual({ ok: false, status: 413, message: 'The request body is larger than 64 kB' })
    await vi.waitFor(() => expect(counts.cancelled).toBe(true))
    // The 16 MB dropped after the refusal, plus what the stream's queue had already asked for.
    expect(counts.pulled).toBeLessThanOrEqual(16 * 1024 * 1024 + 4 * chunkBytes)
  })

  it('refuses a declared Content-Length over the limit without reading a byte', async () => {
    const { stream, counts } = countedBody(10 * chunkBytes)
    const read = await readRequestBody(post(stream, { 'content-length': String(300 * 1024 * 1024) }), 1024)
    expect(read.ok).toBe(false)
    expect(counts.pulled).toBeLessThanOrEqual(chunkBytes)
  })

  it('takes a body exactly at the limit', async () => {
    const read = await readRequestBody(post('x'.repeat(1024)), 1024)
    expect(read.ok).toBe(true)
  })
})

describe('the limit of a tRPC call', () => {
  it('is plain JSON for a small input and more for inputs that carry a context or a screenshot', () => {
    expect(trpcBodyLimit(appRouter._def.procedures, 'accounts.login')).toBe(bodyLimits.json)
    expect(trpcBodyLimit(appRouter._def.procedures, 'interviews.question')).toBe(bodyLimits.interviewContext)
    expect(trpcBodyLimit(appRouter._def.procedures, 'interviews.screenshot')).toBe(bodyLimits.screenshot)
  })

  it('adds the limits of a batch, and gives an unknown name plain JSON', () => {
    expect(trpcBodyLimit(appRouter._def.procedures, 'accounts.login,interviews.question')).toBe(
      bodyLimits.json + bodyLimits.interviewContext,
    )
    expect(trpcBodyLimit(appRouter._def.procedures, 'no.such,%E0%A4%A')).toBe(2 * bodyLimits.json)
  })

  it('leaves room for the largest context the schema accepts, in the worst JSON escaping', () => {
    const worstContext = JSON.stringify({
      question: '\u0001'.repeat(4_000),
      context: { resume: '\u0001'.repeat(30_000), jobDescription: '\u0001'.repeat(15_000), role: '\u0001'.repeat(300) },
    })
    expect(Buffer.byteLength(worstContext)).toBeLessThan(bodyLimits.interviewContext)
  })
})

describe('JSON content types', () => {
  it.each([
    'application/json',
    'APPLICATION/JSON',
    'application/json; charset=utf-8',
    'application/json;charset="UTF-8"',
  ])('takes %s', (header) => expect(isJsonContentType(header)).toBe(true))

  it.each([
    null,
    '',
    'application/jsonx',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/json; boundary=x',
    'text/json',
    'application/problem+json',
  ])('refuses %s', (header) => expect(isJsonContentType(header)).toBe(false))
})

describe('the development mailbox', () => {
  const socketRequest = (ip: string, forwardedFor: string) =>
    Object.assign(new Request('http://localhost/', { headers: { 'x-forwarded-for': forwardedFor } }), { ip })

  it('judges the caller by the socket address, never by X-Forwarded-For', () => {
    expect(isLoopbackAddress(socketAddressOf(socketRequest('127.0.0.1', '203.0.113.9')))).toBe(true)
    expect(isLoopbackAddress(socketAddressOf(socketRequest('::ffff:127.0.0.1', '203.0.113.9')))).toBe(true)
    expect(isLoopbackAddress(socketAddressOf(socketRequest('::1', '203.0.113.9')))).toBe(true)
    expect(isLoopbackAddress(socketAddressOf(socketRequest('203.0.113.9', '127.0.0.1')))).toBe(false)
    expect(isLoopbackAddress(socketAddressOf(new Request('http://localhost/')))).toBe(false)
  })

  const callerFor = (options: { fromLoopback: boolean; smtpUrl?: string }) => {
    const config = loadConfig({ ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}) })
    const runtime = { config } as Runtime
    const context: Context = {
      runtime,
      db: runtime.db,
      clock: fixedClock('2026-11-24T10:00:00Z'),
      requestId: 'test',
      clientIp: '127.0.0.1',
      fromLoopback: options.fromLoopback,
      user: null,
    }
    return createCallerFactory(appRouter)(context)
  }

  it('is not found for a caller on another machine, even one claiming to be forwarded from here', async () => {
    await expect(callerFor({ fromLoopback: false }).site.devMailbox()).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('is not found when mail goes to a real SMTP server', async () => {
    await expect(
      callerFor({ fromLoopback: true, smtpUrl: 'smtp://mail.example.com:587' }).site.devMailbox(),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

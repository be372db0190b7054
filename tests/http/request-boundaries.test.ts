/**
 * Bodies are limited while they are read, on every route that reads one, and JSON routes take
 * JSON only. A 300 MB upload is answered 413 after about the limit: the client, which writes only
 * as fast as the server reads, has sent a bounded amount when the answer arrives.
 */
import { request as httpRequest } from 'node:http'
import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const hugeBytes = 300 * 1024 * 1024
// Socket buffers on both ends hold a few MB the server never read; far below the 300 MB offered.
const boundedBytes = 32 * 1024 * 1024

type Upload = { status: number; body: string; bytesSent: number }

/**
 * Streams up to `total` bytes of `chunk` (chunked, or with a Content-Length when `declared` is set),
 * writing only when the socket drains, and stops writing as soon as an answer arrives.
 */
function upload(
  path: string,
  options: { contentType: string; total: number; declared?: number; token?: string; prefix?: string },
): Promise<Upload> {
  const url = new URL(path, baseUrl)
  return new Promise((resolve, reject) => {
    let bytesSent = 0
    let answered = false
    const headers: Record<string, string | number> = {
      'content-type': options.contentType,
      'x-forwarded-for': testClientIp(),
    }
    if (options.declared !== undefined) headers['content-length'] = options.declared
    if (options.token) headers.authorization = `Bearer ${options.token}`
    const outgoing = httpRequest(url, { method: 'POST', headers }, (response) => {
      answered = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => (body += text))
      response.on('end', () => {
        outgoing.destroy()
        resolve({ status: response.statusCode ?? 0, body, bytesSent })
      })
    })
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const limit = options.declared === undefined ? options.total : Math.min(options.total, options.declared)
    const pump = () => {
      if (options.prefix !== undefined && bytesSent === 0) {
        outgoing.write(options.prefix)
        bytesSent += Buffer.byteLength(options.prefix)
      }
      while (!answered && bytesSent < limit) {
        const piece = chunk.subarray(0, Math.min(chunk.length, limit - bytesSent))
        bytesSent += piece.length
        if (!outgoing.write(piece)) return void outgoing.once('drain', pump)
      }
      if (!answered && options.declared === undefined) outgoing.end()
    }
    pump()
  })
}

const serverStillAnswers = async () => (await fetch(`${baseUrl}/api/auth/plans`)).status

const post = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': testClientIp(), ...headers },
    body,
  })

const loginBody = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-passw0rd' })

describe('body limits, enforced while reading', () => {
  it('cuts off a 300 MB chunked tRPC sign-in after its limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const answer = await upload('/api/trpc/accounts.login', {
      contentType: 'application/json',
      total: hugeBytes,
      prefix: '{"email":"',
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ error: { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } })
    expect(answer.bytesSent).toBeLessThan(boundedBytes)
    expect(await serverStillAnswers()).toBe(200)
  })

  it('cuts off a 300 MB chunked REST body with 413 in the envelope', async () => {
    const answer = await upload('/api/auth/login', { contentType: 'application/json', total: hugeBytes })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The request body is larger than 64 kB',
      code: 'payload_too_large',
    })
    expect(answer.bytesSent).toBeLessThan(boundedBytes)
    expect(await serverStillAnswers()).toBe(200)
  })

  it('cuts off a 300 MB webhook before checking its signature', async () => {
    const answer = await upload('/api/webhooks/razorpay', { contentType: 'application/json', total: hugeBytes })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'The request body is larger than 1 MB',
      code: 'payload_too_large',
    })
    expect(answer.bytesSent).toBeLessThan(boundedBytes)
  })

  it('refuses a declared Content-Length over the limit before the body arrives', async () => {
    // Only 1 kB of the declared 300 MB is ever sent: an answer proves the server did not wait for the rest.
    const answer = await upload('/api/trpc/accounts.login', {
      contentType: 'application/json',
      total: 1024,
      declared: hugeBytes,
    })
    expect(answer.status).toBe(413)
    expect(answer.bytesSent).toBe(1024)
  })

  it('lets a client that sends its whole body first read the refusal (413 over the limit, 401 unread)', async () => {
    // fetch writes the body before it reads the answer: the server must take in (and drop) a
    // bounded remainder instead of closing the connection under it.
    const oversized = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(8_000_000) })
    // Several at once, as a busy client would: the refusal must never race the connection's close.
    const paths = Array.from({ length: 12 }, (_, index) => (index % 2 ? '/api/auth/login' : '/api/trpc/accounts.login'))
    const statuses = await Promise.all(
      paths.map((path) =>
        post(path, 'application/json', oversized).then(
          (response) => response.status,
          (error: unknown) => `no answer: ${String(error)}`,
        ),
      ),
    )
    expect(statuses).toEqual(paths.map(() => 413))
    const form = new FormData()
    form.append('audio', new Blob([new Uint8Array(6_000_000)], { type: 'audio/wav' }), 'q.wav')
    const unread = await fetch(`${baseUrl}/api/interview/audio-question`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'x-forwarded-for': testClientIp() },
      body: form,
    })
    expect(unread.status).toBe(401)
  })

  it('still takes a body just under the limit', async () => {
    const padding = 'x'.repeat(60 * 1024)
    const response = await post(
      '/api/auth/login',
      'application/json',
      JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-passw0rd', padding }),
    )
    expect(response.status).toBe(401)
  })

  it('gives an interview question with a whole resume as context more room than plain JSON', async () => {
    // About 86 kB: two-byte characters up to the context's limits.
    const context = { resume: 'é'.repeat(29_000), jobDescription: 'é'.repeat(14_000) }
    const response = await post(
      '/api/interview/question',
      'application/json',
      JSON.stringify({ question: 'Why?', context }),
    )
    // Past the body limit: the sign-in check answers, not a 413.
    expect(response.status).toBe(401)
  })
})

describe('JSON routes take JSON only', () => {
  it.each(['application/jsonx', 'application/json; charset=utf-16', 'text/plain', 'application/json-patch+json'])(
    'refuses %s on the REST bridge with 415',
    async (contentType) => {
      const response = await post('/api/auth/login', contentType, loginBody)
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({
        success: false,
        error: 'Send the request body as JSON with Content-Type: application/json',
        code: 'unsupported_media_type',
      })
    },
  )

  it.each(['application/jsonx', 'application/json; charset=utf-16', 'text/plain'])(
    'refuses %s on tRPC with 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      const response = await post('/api/trpc/accounts.login', contentType, loginBody)
      expect(response.status).toBe(415)
      expect(await response.json()).toMatchObject({ error: { data: { code: 'UNSUPPORTED_MEDIA_TYPE' } } })
    },
  )

  it.each(['application/json', 'Application/JSON; charset=UTF-8', 'application/json;charset="utf-8"'])(
    'reads %s',
    async (contentType) => {
      expect((await post('/api/auth/login', contentType, loginBody)).status).toBe(401)
      expect((await post('/api/trpc/accounts.login', contentType, loginBody)).status).toBe(401)
    },
  )

  it('still serves tRPC queries whose input is in the URL', async () => {
    const input = encodeURIComponent(JSON.stringify({}))
    const response = await fetch(`${baseUrl}/api/trpc/payments.plans,accounts.signInSettings?batch=1&input=${input}`)
    expect(response.status).toBe(200)
  })
})

async function signedInToken(): Promise<string> {
  const api = restClient(baseUrl)
  const email = `bounds-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Passw0rd!xyz'
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Bo', lastName: 'Und' } }))
  const token = await mailedToken(httpMailbox(baseUrl), email)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token } }))
  return dataOf<{ tokens: { accessToken: string } }>(await api('POST', '/auth/login', { body: { email, password } }))
    .tokens.accessToken
}

describe('the routes beside the bridge', () => {
  it('cuts off a 300 MB audio upload after the audio limit', async () => {
    const token = await signedInToken()
    const answer = await upload('/api/interview/audio-question', {
      contentType: 'multipart/form-data; boundary=x',
      total: hugeBytes,
      token,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'audio must be at most 10 MB',
      code: 'payload_too_large',
    })
    expect(answer.bytesSent).toBeLessThan(boundedBytes + 10 * 1024 * 1024)
  })

  it('takes JSON only on the answer stream, within the context limit', async () => {
    const token = await signedInToken()
    const wrongType = await post('/api/interview/question/stream', 'application/jsonx', '{"question":"Why?"}', {
      authorization: `Bearer ${token}`,
    })
    expect(wrongType.status).toBe(415)
    const answer = await upload('/api/interview/question/stream', {
      contentType: 'application/json',
      total: hugeBytes,
      token,
    })
    expect(answer.status).toBe(413)
    expect(answer.bytesSent).toBeLessThan(boundedBytes)
  })
})

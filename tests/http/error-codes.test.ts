/**
 * Each error code from its real cause, over the REST bridge of the shared built server: its
 * status, its `code`, its headers, and that the OpenAPI document declares that status with that
 * code on that operation.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { httpMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'

const baseUrl = inject('baseUrl')
const ip = testClientIp()
const api = restClient(baseUrl, { ip })
const password = 'Passw0rdX'

type Session = { tokens: { accessToken: string; refreshToken: string } }

/** A confirmed person, signed in; with a plan bought through the sandbox checkout when one is named. */
async function person(planType?: 'starter'): Promise<Session> {
  const email = `codes-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Asha', lastName: 'Rao' } }))
  dataOf(
    await api('POST', '/auth/confirm-email', { body: { token: await mailedToken(httpMailbox(baseUrl, ip), email) } }),
  )
  const session = dataOf<Session>(await api('POST', '/auth/login', { body: { email, password } }))
  if (!planType) return session
  const token = session.tokens.accessToken
  const order = dataOf<{ id: string }>(
    await api('POST', '/auth/create-order', { token, body: { planType, billingCycle: 'monthly' } }),
  )
  const paid = await fetch(`${baseUrl}/api/trpc/payments.completeSandboxCheckout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify({ orderId: order.id, outcome: 'success' }),
  })
  const result = z.object({ result: z.object({ data: z.object({ result: z.unknown() }) }) }).parse(await paid.json())
  dataOf(await api('POST', '/auth/verify-payment', { token, body: result.result.data.result }))
  return session
}

const send = (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
  fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'x-forwarded-for': testClientIp(), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  })
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
const bearer = (session: Session) => ({ authorization: `Bearer ${session.tokens.accessToken}` })

const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.object({ responses: z.record(z.string(), z.unknown()) }).loose())),
})

type Case = {
  code: string
  status: number
  operation: `${'GET' | 'POST'} ${string}` | undefined
  cause: () => Promise<Response>
  headers?: string[]
}

let noPlan: Session
let starter: Session
let document: z.infer<typeof documentSchema>

beforeAll(async () => {
  ;[noPlan, starter] = await Promise.all([person(), person('starter')])
  document = documentSchema.parse(await (await fetch(`${baseUrl}/api/openapi.json`)).json())
})

const cases: Case[] = [
  {
    code: 'invalid_request',
    status: 400,
    operation: 'POST /auth/login',
    cause: () => send('POST', '/auth/login', json({ email: 'not an address', password })),
  },
  {
    code: 'invalid_credentials',
    status: 401,
    operation: 'POST /auth/login',
    cause: () => send('POST', '/auth/login', json({ email: 'nobody-here@example.com', password })),
  },
  {
    code: 'unauthenticated',
    status: 401,
    operation: 'GET /interview/history',
    cause: () => send('GET', '/interview/history'),
  },
  { code: 'not_found', status: 404, operation: undefined, cause: () => send('GET', '/no-such-thing') },
  {
    code: 'method_not_allowed',
    status: 405,
    operation: undefined,
    cause: () => send('GET', '/auth/login'),
    headers: ['allow'],
  },
  {
    code: 'unsupported_media_type',
    status: 415,
    operation: 'POST /auth/login',
    cause: () => send('POST', '/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } }),
  },
  {
    code: 'payload_too_large',
    status: 413,
    operation: 'POST /auth/login',
    cause: () => send('POST', '/auth/login', json({ email: 'a@example.com', password: 'x'.repeat(70_000) })),
  },
  {
    code: 'plan_required',
    status: 403,
    operation: 'POST /interview/session/start',
    cause: () =>
      send('POST', '/interview/session/start', { ...json({}), headers: { ...json({}).headers, ...bearer(noPlan) } }),
  },
  {
    code: 'feature_not_in_plan',
    status: 403,
    operation: 'POST /interview/improve-communication',
    cause: () =>
      send('POST', '/interview/improve-communication', {
        body: JSON.stringify({ response: 'I did a project.' }),
        headers: { 'content-type': 'application/json', ...bearer(starter) },
      }),
  },
  {
    code: 'no_active_session',
    status: 409,
    operation: 'POST /interview/question',
    cause: () =>
      send('POST', '/interview/question', {
        body: JSON.stringify({ question: 'What is a closure?' }),
        headers: { 'content-type': 'application/json', ...bearer(starter) },
      }),
  },
  {
    code: 'refresh_token_invalid',
    status: 401,
    operation: 'POST /auth/refresh-token',
    cause: () => send('POST', '/auth/refresh-token', json({ refreshToken: 'not-a-token' })),
  },
]

describe('every error answer carries a stable code', () => {
  it.each(cases)('$code: $status from its cause', async ({ code, status, operation, cause, headers = [] }) => {
    const answer = await cause()
    const body: unknown = await answer.json()
    expect(answer.status).toBe(status)
    expect(body).toEqual({ success: false, error: expect.any(String) as unknown, code })
    expect(answer.headers.get('api-version')).toBe('1')
    for (const header of headers) expect(answer.headers.get(header), header).not.toBeNull()
    if (!operation) return
    const [method = '', path = ''] = operation.split(' ')
    const declared = JSON.stringify(document.paths[path]?.[method.toLowerCase()]?.responses[String(status)])
    expect(declared, `${operation} declares ${status} with ${code}`).toContain(`"${code}"`)
  })

  it('interviews_exhausted: 403 once the plan has no interviews left', async () => {
    const headers = { 'content-type': 'application/json', ...bearer(starter) }
    // A session counts once a question was asked in it.
    let answer = await send('POST', '/interview/session/start', { body: '{}', headers })
    for (let taken = 0; answer.status === 200 && taken < 50; taken += 1) {
      const asked = await send('POST', '/interview/question', {
        body: JSON.stringify({ question: 'What is a closure?' }),
        headers,
      })
      expect(asked.status).toBe(200)
      await send('POST', '/interview/session/end', { body: '{}', headers })
      answer = await send('POST', '/interview/session/start', { body: '{}', headers })
    }
    expect(answer.status).toBe(403)
    expect(await answer.json()).toMatchObject({ success: false, code: 'interviews_exhausted' })
  })

  it('token_reused: 401 when a refresh token is used a second time', async () => {
    const session = await person()
    const refresh = () => send('POST', '/auth/refresh-token', json({ refreshToken: session.tokens.refreshToken }))
    expect((await refresh()).status).toBe(200)
    // Another helper adds a short grace for a racing second use; past it the reuse is refused.
    let answer = await refresh()
    for (let attempt = 0; answer.status === 200 && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      answer = await refresh()
    }
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({ success: false, code: 'token_reused' })
  })

  it('rate_limited: 429 with Retry-After, RateLimit and RateLimit-Policy', async () => {
    const address = testClientIp()
    const attempt = () =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: 'limited@example.com', password }),
      })
    let answer = await attempt()
    for (let tries = 0; answer.status === 401 && tries < 60; tries += 1) answer = await attempt()
    expect(answer.status).toBe(429)
    expect(await answer.json()).toMatchObject({ success: false, code: 'rate_limited' })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(answer.headers.get('ratelimit-policy')).toMatch(/^"sign-in:ip\+email";q=10;w=900$/)
    expect(answer.headers.get('ratelimit')).toMatch(/^"sign-in:ip\+email";r=0;t=\d+$/)
  })

  it('the document lists every code in the shared envelope and the compatibility promise', async () => {
    const full = z
      .object({
        info: z.object({ version: z.string(), description: z.string() }),
        components: z.object({
          schemas: z.object({
            ErrorEnvelope: z.object({ properties: z.object({ code: z.object({ enum: z.array(z.string()) }) }) }),
          }),
        }),
        'x-rate-limits': z.array(z.object({ policy: z.string(), quota: z.number(), windowSeconds: z.number() })),
      })
      .parse(await (await fetch(`${baseUrl}/api/openapi.json`)).json())
    const codes = full.components.schemas.ErrorEnvelope.properties.code.enum
    for (const { code } of cases) expect(codes).toContain(code)
    for (const code of [
      'interviews_exhausted',
      'token_reused',
      'rate_limited',
      'session_active',
      'service_unavailable',
    ])
      expect(codes).toContain(code)
    expect(full.info.version).toMatch(/^1\./)
    expect(full.info.description).toContain('additive')
    expect(full['x-rate-limits'].map((limit) => limit.policy)).toContain('sign-in:ip+email')
  })
})

describe('one code per cause, declared on every operation where it can happen', () => {
  const askedWithoutAPlan: [operation: `POST ${string}`, body: () => RequestInit['body'], type?: string][] = [
    ['POST /interview/session/start', () => JSON.stringify({})],
    [
      'POST /interview/session/start',
      () => JSON.stringify({ context: { role: 'Backend engineer', resume: 'Five years of Node.js' } }),
    ],
    ['POST /interview/question', () => JSON.stringify({ question: 'What is a closure?' })],
    ['POST /interview/question/stream', () => JSON.stringify({ question: 'What is a closure?' })],
    [
      'POST /interview/screenshot',
      () =>
        JSON.stringify({
          image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        }),
    ],
    [
      'POST /interview/audio-question',
      () => {
        const form = new FormData()
        form.append(
          'audio',
          new Blob([new Uint8Array(encodeWav16({ sampleRate: 16_000, samples: new Float32Array(1600) }))]),
          'question.wav',
        )
        return form
      },
      'multipart',
    ],
    ['POST /interview/analyze', () => JSON.stringify({ question: 'What is a closure?' })],
    ['POST /interview/generate-questions', () => JSON.stringify({ topic: 'closures', count: 1 })],
    ['POST /interview/improve-communication', () => JSON.stringify({ response: 'I did a project.' })],
    ['POST /payments/plan-change/schedule', () => JSON.stringify({ planType: 'starter' })],
  ]

  it.each(askedWithoutAPlan)(
    'no plan: %s answers 403 plan_required, and declares it',
    async (operation, body, type) => {
      const path = operation.slice('POST '.length)
      const headers: Record<string, string> = { ...bearer(noPlan) }
      if (type !== 'multipart') headers['content-type'] = 'application/json'
      const answer = await send('POST', path, { body: body() ?? '', headers })
      expect(answer.status).toBe(403)
      expect(await answer.json()).toMatchObject({ success: false, code: 'plan_required' })
      const declared = JSON.stringify(document.paths[path]?.post?.responses['403'])
      expect(declared, `${operation} declares 403 with plan_required`).toContain('"plan_required"')
    },
  )

  it('words each declared status by the causes of that operation only', () => {
    const question = JSON.stringify(document.paths['/interview/question']?.post?.responses['403'])
    expect(question).not.toMatch(/no interviews left|not confirmed/)
    const login = JSON.stringify(document.paths['/auth/login']?.post?.responses['403'])
    expect(login).not.toMatch(/no plan|no interviews left/)
  })
})

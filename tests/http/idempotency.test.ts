/**
 * Repeats a desktop client sends after a timeout or from two windows: with the same
 * Idempotency-Key they get the first answer and take nothing twice (decision 0027); without one,
 * a second start while a session is active is refused `session-active`. On PostgreSQL, so the log
 * can be counted.
 */
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TestDatabase } from '#tests/support/databases.ts'
import { databaseMailbox, mailedToken } from '#tests/support/mailbox.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import type { RunningServer } from '#tests/support/server.ts'
import { serveOnFreshPostgres } from '#tests/support/servers-on-postgres.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const password = 'Passw0rdX'
let database: TestDatabase
let server: RunningServer
let api: ReturnType<typeof restClient>

const teardown = suiteTeardown()
beforeAll(async () => {
  ;({ database, server } = await serveOnFreshPostgres(teardown))
  api = restClient(server.url)
}, 60_000)

type Answer = {
  status: number
  text: string
  replayed: boolean
  json: { success: boolean; data?: unknown; error?: string; code?: string; details?: Record<string, string> }
}

/**
 * A POST with an Idempotency-Key, JSON (as given, when a string) or a form; the raw body text of the
 * answer, so repeats can be compared byte for byte.
 */
async function post(
  apiPath: string,
  options: { token: string; key?: string; body: unknown } | { token: string; key?: string; form: FormData },
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token}`,
    'x-forwarded-for': testClientIp(),
  }
  if (!('form' in options)) headers['content-type'] = 'application/json'
  if (options.key !== undefined) headers['idempotency-key'] = options.key
  const response = await fetch(`${server.url}/api${apiPath}`, {
    method: 'POST',
    headers,
    body:
      'form' in options ? options.form : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    text,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    json: JSON.parse(text) as Answer['json'],
  }
}

/** A confirmed person with a plan bought in the sandbox: Starter (5 interviews), or Pro (with the microphone). */
async function customer(planType: 'starter' | 'pro' = 'starter'): Promise<{ id: string; token: string }> {
  const email = `repeat-${randomUUID().slice(0, 8)}@example.com`
  dataOf(await api('POST', '/auth/register', { body: { email, password, firstName: 'Kiran', lastName: 'Desai' } }))
  const confirmation = await mailedToken(databaseMailbox(database), email)
  dataOf(await api('POST', '/auth/confirm-email', { body: { token: confirmation } }))
  const session = dataOf<{ user: { id: string }; tokens: { accessToken: string } }>(
    await api('POST', '/auth/login', { body: { email, password } }),
  )
  const token = session.tokens.accessToken
  const order = dataOf<{ id: string }>(
    await api('POST', '/auth/create-order', { token, body: { planType, billingCycle: 'monthly' } }),
  )
  const paid = await fetch(`${server.url}/api/trpc/payments.completeSandboxCheckout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-forwarded-for': testClientIp(),
    },
    body: JSON.stringify({ orderId: order.id, outcome: 'success' }),
  })
  const proof = ((await paid.json()) as { result: { data: { result: Record<string, string> } } }).result.data.result
  dataOf(await api('POST', '/auth/verify-payment', { token, body: proof }))
  return { id: session.user.id, token }
}

const interviewsUsed = async (token: string) =>
  dataOf<{ interviews: { used: number } }>(await api('GET', '/interview/usage-limits', { token })).interviews.used

async function eventsOf(userId: string, type: string) {
  const rows = await database.db
    .selectFrom('events')
    .select('type')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .execute()
  return rows.length
}

describe('Idempotency-Key', () => {
  it('answers 20 simultaneous starts with one key the same session, and takes one interview', async () => {
    const person = await customer()
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/interview/session/start', { token: person.token, key, body: { mode: 'text' } }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1)
    expect(await eventsOf(person.id, 'InterviewSessionStarted')).toBe(1)
    expect(await interviewsUsed(person.token)).toBe(1)
  })

  it('refuses starts with other keys, or none, while a session is active: 409 session-active naming it', async () => {
    const person = await customer()
    const first = await post('/interview/session/start', { token: person.token, key: randomUUID(), body: {} })
    const { id } = first.json.data as { id: string }
    const others = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        post('/interview/session/start', { token: person.token, key: randomUUID(), body: {} }),
      ),
      post('/interview/session/start', { token: person.token, body: {} }),
    ])
    for (const answer of others) {
      expect(answer.status).toBe(409)
      expect(answer.json).toMatchObject({ code: 'session_active', details: { sessionId: id } })
      expect(answer.json.error).toContain(id)
    }
    expect(await interviewsUsed(person.token)).toBe(1)
    const overTrpc = await fetch(`${server.url}/api/trpc/interviews.sessionStart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
      body: JSON.stringify({}),
    })
    expect(overTrpc.status).toBe(409)
    expect(((await overTrpc.json()) as { error: { data: unknown } }).error.data).toMatchObject({
      errorCode: 'session_active',
      details: { sessionId: id },
    })
  })

  it('answers a repeated question with the same answer and counts it once', async () => {
    const person = await customer()
    dataOf(await api('POST', '/interview/session/start', { token: person.token, body: {} }))
    const key = randomUUID()
    const question = { question: 'How does a hash map handle collisions?' }
    const first = await post('/interview/question', { token: person.token, key, body: question })
    const again = await post('/interview/question', { token: person.token, key, body: question })
    expect(first.status).toBe(200)
    expect(again).toEqual({ ...first, replayed: true })
    expect(await eventsOf(person.id, 'InterviewAsked')).toBe(1)
    const active = dataOf<{ session: { questionsAsked: number } | null }>(
      await api('GET', '/interview/session/active', { token: person.token }),
    )
    expect(active.session?.questionsAsked).toBe(1)
  })

  it('answers a repeated spoken question, its form built anew, with the same answer and counts it once', async () => {
    const person = await customer('pro')
    dataOf(await api('POST', '/interview/session/start', { token: person.token, body: {} }))
    const folder = await mkdtemp(path.join(tmpdir(), 'repeat-speech-'))
    try {
      const wav = path.join(folder, 'question.wav')
      await promisify(execFile)('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, 'What is a hash map?'])
      const recording = await readFile(wav)
      const form = () => {
        const built = new FormData()
        built.append('audio', new Blob([recording], { type: 'audio/wav' }), 'question.wav')
        return built
      }
      const key = randomUUID()
      const first = await post('/interview/audio-question', { token: person.token, key, form: form() })
      const again = await post('/interview/audio-question', { token: person.token, key, form: form() })
      expect(first.status).toBe(200)
      expect(again).toEqual({ ...first, replayed: true })
      expect(await eventsOf(person.id, 'InterviewAsked')).toBe(1)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('takes JSON with its keys in another order for the same request', async () => {
    const person = await customer()
    const key = randomUUID()
    const first = await post('/auth/create-order', {
      token: person.token,
      key,
      body: '{"planType":"pro","billingCycle":"monthly"}',
    })
    const again = await post('/auth/create-order', {
      token: person.token,
      key,
      body: '{ "billingCycle": "monthly", "planType": "pro" }',
    })
    expect(first.status).toBe(200)
    expect(again).toEqual({ ...first, replayed: true })
  })

  it('creates one order for a repeated create-order', async () => {
    const person = await customer()
    const key = randomUUID()
    const body = { planType: 'pro', billingCycle: 'monthly' }
    const [first, again] = await Promise.all([
      post('/auth/create-order', { token: person.token, key, body }),
      post('/auth/create-order', { token: person.token, key, body }),
    ])
    expect(first.status).toBe(200)
    expect(again.text).toBe(first.text)
    expect(await eventsOf(person.id, 'OrderCreated')).toBe(2)
  })

  it('refuses the same key on a different request with 422, and a malformed key with 400; neither runs', async () => {
    const person = await customer()
    const key = randomUUID()
    const started = await post('/interview/session/start', { token: person.token, key, body: { mode: 'text' } })
    expect(started.status).toBe(200)
    const otherBody = await post('/interview/session/start', { token: person.token, key, body: { mode: 'voice' } })
    expect(otherBody.status).toBe(422)
    expect(otherBody.json.error).toMatch(/already used for a different request/)
    const otherPath = await post('/interview/question', { token: person.token, key, body: { question: 'Why?' } })
    expect(otherPath.status).toBe(422)
    for (const malformed of ['', 'x'.repeat(256), 'naïve-key']) {
      const answer = await post('/interview/question', {
        token: person.token,
        key: malformed,
        body: { question: 'Why?' },
      })
      expect([malformed.length, answer.status]).toEqual([malformed.length, 400])
    }
    expect(await eventsOf(person.id, 'InterviewAsked')).toBe(0)
  })

  it('is declared, with its 422, on the six operations that honour it', async () => {
    type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: Operation }>
    }
    const declaring = Object.entries(document.paths).flatMap(([path, item]) =>
      item.post?.parameters?.some((parameter) => parameter.name === 'Idempotency-Key' && parameter.in === 'header') &&
      '422' in item.post.responses
        ? [path]
        : [],
    )
    expect(declaring.toSorted()).toEqual(
      [
        '/auth/create-order',
        '/interview/audio-question',
        '/interview/question',
        '/interview/screenshot',
        '/interview/session/start',
        '/interview/utterances/{id}/end',
      ].toSorted(),
    )
  })
})

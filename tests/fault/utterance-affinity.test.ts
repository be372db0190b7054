/**
 * A spoken question streamed while it is spoken lives in the memory of the replica that opened it
 * (decision 0121). Through the repository's deploy/Caddyfile in front of two built replicas, the
 * page's own code (its streamed utterance over its HTTP transport, with a cookie jar as a browser
 * has) sends every request of one utterance to that replica; when that replica dies mid-utterance,
 * the next block reaches the other one, which refuses it as unknown, and the page sends the whole
 * recording as an audio question instead. Which replica served a request: its request log, by the
 * X-Request-Id the page's requests carry here.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ConnectionLost } from '#src/interview/audio-question.ts'
import type { AudioAnswer } from '#src/interview/interview-types.ts'
import { createStreamedUtterance } from '#src/interview/streamed-utterance.ts'
import { fakeReply, startFakeOpenAiServer } from '#tests/fakes/openai-server.ts'
import { startProxiedReplicas, type ProxiedReplicas } from '#tests/support/proxied-replicas.ts'
import { testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const chatModel = 'fake-chat'
const transcriptionModel = 'fake-whisper'
const question = 'What is a hash map?'
/** The cookie deploy/Caddyfile names the replica holding a person's utterances with. */
const affinityCookie = 'ih_replica'
const refusal = z.object({ success: z.literal(false), code: z.string() })
const logLine = z.object({ message: z.string(), requestId: z.string(), path: z.string() })

/** One request the page made, as it went and came back. */
type Exchange = {
  method: string
  path: string
  requestId: string
  status: number
  /** The refusal's code, for a 4xx or 5xx. */
  code?: string
  /** The affinity cookie's value when the answer set one. */
  setsCookie?: string
}

const realFetch = globalThis.fetch

/** The app's refusal code, when the answer is its error envelope (a proxy's own error is not). */
function codeOf(text: string): string | undefined {
  const parsed = refusal.safeParse(jsonOrNothing(text))
  return parsed.success ? parsed.data.code : undefined
}

function jsonOrNothing(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A path with its utterance id replaced, to compare. */
const withoutId = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, 'ID')
const listeners = { onHeard: () => undefined, onDelta: () => undefined }

/** `samples` of a 220 Hz tone at 16 kHz, what the voice detector hands the page. */
const tone = (samples: number, from = 0) =>
  Float32Array.from({ length: samples }, (_, index) => 0.3 * Math.sin((2 * Math.PI * 220 * (from + index)) / 16_000))

describe('a streamed utterance through deploy/Caddyfile in front of two replicas', () => {
  let stack: ProxiedReplicas
  let token = ''
  let sessionId = ''
  const teardown = suiteTeardown()
  beforeAll(async () => {
    const fake = await startFakeOpenAiServer()
    teardown.add(() => fake.close())
    fake.setModel(chatModel, fakeReply.text('A hash map keeps each value under its key’s hash.'))
    fake.setModel(transcriptionModel, fakeReply.text(question))
    stack = await startProxiedReplicas({
      count: 2,
      env: {
        AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: fake.apiKey,
        AI_MODEL: chatModel,
        AI_TRANSCRIPTION_MODEL: transcriptionModel,
        // Every request's line, with its X-Request-Id: which replica served it.
        LOG_LEVEL: 'info',
      },
    })
    teardown.add(() => stack.stop())
    token = (await restCustomer(stack.replicas[0]?.url ?? '', testClientIp())).accessToken
    const session = await realFetch(`${stack.proxy.url}/api/interview/session/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    })
    expect(session.status).toBe(200)
    sessionId = z.object({ data: z.object({ id: z.string() }) }).parse(await session.json()).data.id
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  /**
   * The page's fetch as a browser on the site's origin makes it: relative paths to the proxy, the
   * signed-in person's token, and the cookies the proxy set sent back. Each request gets its own
   * X-Request-Id, so the replicas' logs tell who served it.
   */
  function browserFetch() {
    const exchanges: Exchange[] = []
    const run = randomBytes(4).toString('hex')
    let cookie: string | undefined
    const fetchFromPage = async (input: string | URL | Request, init: RequestInit = {}) => {
      const path =
        typeof input === 'string' ? input : input instanceof URL ? input.pathname : new URL(input.url).pathname
      const requestId = `affinity-${run}-${exchanges.length}`
      const headers = new Headers(init.headers)
      headers.set('authorization', `Bearer ${token}`)
      headers.set('x-request-id', requestId)
      if (cookie !== undefined) headers.set('cookie', cookie)
      const response = await realFetch(new URL(path, stack.proxy.url), { ...init, headers }).catch((error: unknown) => {
        // No answer at all (the proxy closed the connection): status 0, as a browser reports it.
        exchanges.push({ method: init.method ?? 'GET', path, requestId, status: 0 })
        throw error
      })
      const set = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => pair.startsWith(`${affinityCookie}=`))
      if (set !== undefined) cookie = set
      const exchange: Exchange = { method: init.method ?? 'GET', path, requestId, status: response.status }
      if (set !== undefined) exchange.setsCookie = set.slice(affinityCookie.length + 1)
      if (!response.ok) {
        const code = codeOf(await response.clone().text())
        if (code !== undefined) exchange.code = code
      }
      exchanges.push(exchange)
      return response
    }
    vi.stubGlobal('fetch', fetchFromPage)
    return exchanges
  }

  const logs = () =>
    [
      `proxy:\n${stack.proxy.output().slice(-3000)}`,
      ...stack.replicas.map((replica, n) => `replica ${n}:\n${replica.output().slice(-3000)}`),
    ].join('\n')

  /**
   * The replica (its index in `replicas`) whose log has the request's line; its log is written
   * shortly after the answer, so this waits for it. Each request is served by one replica only.
   */
  async function servedBy(replicas: ProxiedReplicas['replicas'], requestId: string): Promise<number> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const found = replicas.findIndex((replica) =>
        replica
          .output()
          .split('\n')
          .some((line) => {
            if (!line.includes(requestId)) return false
            const parsed = logLine.safeParse(jsonOrNothing(line))
            return parsed.success && parsed.data.message === 'request' && parsed.data.requestId === requestId
          }),
      )
      if (found >= 0) return found
      if (Date.now() > deadline) throw new Error(`no replica logged ${requestId}:\n${logs()}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** Pushes `seconds` of speech in 32 ms frames, as the voice detector does. */
  function speak(utterance: ReturnType<typeof createStreamedUtterance>, seconds: number, from = 0) {
    const samples = Math.round(seconds * 16_000)
    for (let at = 0; at < samples; at += 512) utterance.push(tone(Math.min(512, samples - at), from + at))
  }

  /**
   * What the live page does with a finished utterance: its answer, and when the connection did
   * not carry it, the same call again a little later (the page tries every 5 s).
   */
  async function deliver(utterance: ReturnType<typeof createStreamedUtterance>): Promise<AudioAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await utterance.finish(listeners)
      } catch (error) {
        if (!(error instanceof ConnectionLost) || attempt === 10) throw error
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
  }

  it('answers it with every request (open, blocks, end) served by the replica that opened it', async () => {
    const exchanges = browserFetch()
    const utterance = createStreamedUtterance(sessionId)
    // Two seconds: five blocks of 0.4 s.
    speak(utterance, 2)
    const answer = await utterance.finish(listeners)
    expect(answer.transcript).toBe(question)

    const requests = exchanges.map(({ method, path, status }) => `${method} ${withoutId(path)} ${status}`)
    expect(requests).toEqual([
      'POST /api/interview/utterances 201',
      ...[0, 1, 2, 3, 4].map((sequence) => `PUT /api/interview/utterances/ID/blocks/${sequence} 200`),
      'POST /api/interview/utterances/ID/end 200',
    ])
    // The open's answer names the replica; nothing after it needs to name another.
    expect(exchanges[0]?.setsCookie).toMatch(/^[0-9a-f]{64}$/)
    expect(exchanges.slice(1).filter((exchange) => exchange.setsCookie !== undefined)).toEqual([])
    const replicas = [...stack.replicas]
    const servers = await Promise.all(exchanges.map((exchange) => servedBy(replicas, exchange.requestId)))
    expect(new Set(servers).size).toBe(1)
  })

  it('sends the next block to the other replica when the one holding the utterance died; refused as unknown, the page sends the whole recording', async () => {
    const exchanges = browserFetch()
    const utterance = createStreamedUtterance(sessionId)
    speak(utterance, 0.8)
    // The open and both blocks acknowledged, as the person goes on speaking.
    const acknowledged = () => exchanges.filter((exchange) => exchange.status === 200).length
    const deadline = Date.now() + 30_000
    while (acknowledged() < 2) {
      if (Date.now() > deadline || exchanges.some((exchange) => exchange.status >= 300))
        throw new Error(`the first blocks were not acknowledged: ${JSON.stringify(exchanges)}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const replicas = [...stack.replicas]
    const owner = await servedBy(replicas, exchanges[0]?.requestId ?? '')
    const holder = replicas[owner]
    holder?.signal('SIGKILL')
    expect(await holder?.exited).toEqual({ code: null, signal: 'SIGKILL' })

    speak(utterance, 0.8, 0.8 * 16_000)
    const answer = await deliver(utterance).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${JSON.stringify(exchanges)}\n${logs()}`)
    })
    expect(answer.transcript).toBe(question)

    const afterDeath = exchanges.slice(3).map((exchange) => ({ ...exchange, path: withoutId(exchange.path) }))
    const refusedAt = afterDeath.findIndex((exchange) => exchange.status === 404)
    // Until the proxy's health check sees the replica gone (2 s at most) it dials it first; Caddy
    // before 2.11.2 cannot replay a request's body to another replica after a failed dial and
    // answers 502 itself, with no envelope (or closes the connection): the page sends the block
    // again, as after a dropped connection.
    const gatewayFailures = afterDeath.slice(0, Math.max(refusedAt, 0))
    console.info(`block 2 not carried before the refusal: ${JSON.stringify(gatewayFailures.map((e) => e.status))}`)
    for (const failure of gatewayFailures)
      expect(failure).toMatchObject({ method: 'PUT', path: '/api/interview/utterances/ID/blocks/2' })
    expect(
      gatewayFailures.filter((failure) => ![0, 502].includes(failure.status) || failure.code !== undefined),
    ).toEqual([])
    const [unknown, whole, ...rest] = afterDeath.slice(refusedAt)
    // The stable refusal the page's transport reads as "the server no longer has it"...
    expect(unknown).toMatchObject({
      method: 'PUT',
      path: '/api/interview/utterances/ID/blocks/2',
      status: 404,
      code: 'not_found',
    })
    // ...so the whole recording goes as an audio question, and nothing more is sent.
    expect(whole).toMatchObject({ method: 'POST', path: '/api/interview/audio-question', status: 200 })
    expect(rest).toEqual([])
    // The proxy named the replica it fell back on in a new cookie (on its first answer after the
    // death), the survivor, which served both.
    const renamed = afterDeath.flatMap((exchange) => (exchange.setsCookie === undefined ? [] : [exchange.setsCookie]))
    expect(renamed).toHaveLength(1)
    expect(renamed[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(renamed[0]).not.toBe(exchanges[0]?.setsCookie)
    const survivor = 1 - owner
    expect(
      await Promise.all([unknown, whole].map((exchange) => servedBy(replicas, exchange?.requestId ?? ''))),
    ).toEqual([survivor, survivor])
  })
})

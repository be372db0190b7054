/**
 * POST /api/interview/question/stream against an OpenAI-compatible provider (the fake server): the
 * deltas reach the client while the model is still writing, `done` and `error` carry the
 * envelope, and the question is counted once.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readServerSentEvents, type ServerSentEvent } from '#src/interview/sse-reader.ts'
import { questionStreamEvents } from '#server/routes/question-stream-events.ts'
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts'
import { dataOf, restClient, testClientIp } from '#tests/support/rest-client.ts'
import { restCustomer } from '#tests/support/rest-customer.ts'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const model = 'fake-chat'
const ip = testClientIp()
let fake: FakeOpenAiServer
let server: RunningServer
let api: ReturnType<typeof restClient>
let token = ''

const teardown = suiteTeardown()
beforeAll(async () => {
  fake = await startFakeOpenAiServer()
  teardown.add(() => fake.close())
  server = await startBuiltServer({
    TRUST_PROXY: '1',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: fake.apiKey,
    AI_MODEL: model,
  })
  teardown.add(() => server.stop())
  api = restClient(server.url, { ip })
  token = (await restCustomer(server.url, ip)).accessToken
})

function postQuestion(question: string): Promise<Response> {
  return fetch(`${server.url}/api/interview/question/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify({ question }),
  })
}

/** The dashboard's own reader of the event stream. */
function eventsOf(response: Response): AsyncIterator<ServerSentEvent> {
  if (!response.body) throw new Error('the answer has no body')
  return readServerSentEvents(response.body)[Symbol.asyncIterator]()
}

async function rest(reader: AsyncIterator<ServerSentEvent>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = []
  for (let next = await reader.next(); next.done !== true; next = await reader.next()) events.push(next.value)
  return events
}

async function questionsUsed(): Promise<number> {
  const active = dataOf<{ session: { questionsAsked: number } | null }>(
    await api('GET', '/interview/session/active', { token }),
  )
  return active.session?.questionsAsked ?? Number.NaN
}

describe('the streamed answer', () => {
  it('sends the first delta before the model has written the rest, then an enveloped done', async () => {
    const gate = new AbortController()
    const released = new Promise((resolve) => gate.signal.addEventListener('abort', resolve))
    fake.setModel(
      model,
      fakeReply.text('A closure keeps its scope.', {
        chunks: ['A closure', ' keeps', ' its scope.'],
        holdAfterChunks: { count: 1, until: released },
      }),
    )
    dataOf(await api('POST', '/interview/session/start', { token, body: {} }))
    const before = await questionsUsed()

    const response = await postQuestion('What is a closure?')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = eventsOf(response)
    // The fake holds the rest of the answer until this delta has arrived: a buffered stream never gets here.
    const first = await reader.next()
    expect(first.value).toEqual({ event: 'delta', data: JSON.stringify({ text: 'A closure' }) })
    gate.abort()
    const later = await rest(reader)
    expect(later.map((event) => event.event)).toEqual(['delta', 'delta', 'done'])
    const done = questionStreamEvents.done.parse(JSON.parse(later.at(-1)?.data ?? 'null'))
    expect(done.data.response).toBe('A closure keeps its scope.')
    expect(done.data.usage.totalTokens).toBeGreaterThan(0)
    expect(await questionsUsed()).toBe(before + 1)
    dataOf(await api('POST', '/interview/session/end', { token, body: {} }))
  })

  it('ends with an enveloped error event when the model fails mid-answer, and counts nothing', async () => {
    fake.setModel(
      model,
      fakeReply.text('Half an answer and then', { chunks: ['Half', ' an answer'], dropAfterChunks: 1 }),
    )
    dataOf(await api('POST', '/interview/session/start', { token, body: {} }))
    const before = await questionsUsed()

    const events = await rest(eventsOf(await postQuestion('What is hoisting?')))
    expect(events.map((event) => event.event)).toEqual(['delta', 'error'])
    const error = questionStreamEvents.error.parse(JSON.parse(events[1]?.data ?? 'null'))
    expect(error.error).toMatch(/AI|answer|response/i)
    expect(await questionsUsed()).toBe(before)
    dataOf(await api('POST', '/interview/session/end', { token, body: {} }))
  })
})

describe('the stream in the OpenAPI document', () => {
  it('names every event and the schema of its data, as x-events and as the text/event-stream schema', async () => {
    const document = z
      .object({
        paths: z.record(
          z.string(),
          z.object({
            post: z
              .object({
                responses: z.record(
                  z.string(),
                  z.object({ content: z.record(z.string(), z.record(z.string(), z.unknown())) }),
                ),
              })
              .optional(),
          }),
        ),
        components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
      })
      .parse(await (await fetch(`${server.url}/api/openapi.json`)).json())
    const media = document.paths['/interview/question/stream']?.post?.responses['200']?.content['text/event-stream']
    const reference = z.object({ $ref: z.string() })
    const events = z.record(z.string(), reference).parse(media?.['x-events'])
    expect(Object.keys(events)).toEqual(Object.keys(questionStreamEvents))
    const union = z.object({ oneOf: z.array(reference) }).parse(media?.schema).oneOf
    expect(union).toEqual(Object.values(events))
    for (const { $ref } of union)
      expect(document.components.schemas[$ref.replace('#/components/schemas/', '')], $ref).toBeDefined()
  })
})

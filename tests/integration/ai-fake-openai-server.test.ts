/**
 * The fake OpenAI server speaks the documented wire format: checked here with plain HTTP, so the
 * engine tests rest on a fake that would also satisfy other OpenAI clients.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts'

let fake: FakeOpenAiServer
beforeAll(async () => {
  fake = await startFakeOpenAiServer({ models: { 'gpt-test': fakeReply.text('Hello there friend') } })
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => {
  fake.reset()
})

/** A streamed chunk, per the API reference. */
const chunkSchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().nullish() }),
      finish_reason: z.string().nullable(),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).nullish(),
})

const post = (path: string, body: unknown, key = fake.apiKey) =>
  fetch(`${fake.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('fake OpenAI server', () => {
  it('answers a chat completion with choices, message and usage', async () => {
    const response = await post('/chat/completions', { model: 'gpt-test', messages: [{ role: 'user', content: 'Hi' }] })
    expect(response.status).toBe(200)
    const body: unknown = await response.json()
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there friend' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 5, total_tokens: 6 },
    })
  })

  it('streams chunks with deltas, a usage chunk when asked, then [DONE]', async () => {
    const response = await post('/chat/completions', {
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = (await response.text()).split('\n\n').filter(Boolean)
    expect(events.at(-1)).toBe('data: [DONE]')
    const chunks = events.slice(0, -1).map((event) => chunkSchema.parse(JSON.parse(event.replace(/^data: /, ''))))
    const text = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta.content ?? '')).join('')
    expect(text).toBe('Hello there friend')
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 6 } })
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true)
  })

  it('accepts base64 image parts and rejects data that is not an image', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    const withImage = (url: string) =>
      post('/chat/completions', {
        model: 'gpt-test',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url } },
            ],
          },
        ],
      })
    expect((await withImage(`data:image/png;base64,${png}`)).status).toBe(200)
    const bad = await withImage(`data:image/png;base64,${Buffer.from('not a png').toString('base64')}`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_image_format' } })
  })

  it('transcribes a multipart upload', async () => {
    fake.setModel('whisper-1', fakeReply.text('hello world'))
    const form = new FormData()
    form.append('model', 'whisper-1')
    form.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'clip.wav')
    const response = await fetch(`${fake.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}` },
      body: form,
    })
    expect(await response.json()).toEqual({ text: 'hello world' })
    expect(fake.requests[0]?.form?.file).toMatchObject({ name: 'clip.wav', size: 64 })

    const unsupported = new FormData()
    unsupported.append('model', 'whisper-1')
    unsupported.append('file', new Blob(['x']), 'clip.txt')
    const rejected = await fetch(`${fake.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}` },
      body: unsupported,
    })
    expect(rejected.status).toBe(400)
  })

  it("answers auth, model and validation errors in OpenAI's error shape", async () => {
    const wrongKey = await post(
      '/chat/completions',
      { model: 'gpt-test', messages: [{ role: 'user', content: 'Hi' }] },
      'sk-wrong-000000000000abcd',
    )
    expect(wrongKey.status).toBe(401)
    expect(await wrongKey.json()).toEqual({
      error: {
        message: expect.stringMatching(/^Incorrect API key provided: sk-wrong\*+abcd\./) as unknown,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    })
    const unknown = await post('/chat/completions', { model: 'nope', messages: [{ role: 'user', content: 'Hi' }] })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 'model_not_found' } })
    const invalid = await post('/chat/completions', { model: 'gpt-test', messages: [] })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'messages' } })
  })

  it('plays a scripted sequence per model and records every request', async () => {
    fake.setModel('flaky', [fakeReply.error(503), fakeReply.text('ok')])
    const first = await post('/chat/completions', { model: 'flaky', messages: [{ role: 'user', content: 'Hi' }] })
    const second = await post('/chat/completions', { model: 'flaky', messages: [{ role: 'user', content: 'Hi' }] })
    expect([first.status, second.status]).toEqual([503, 200])
    expect(fake.requests.map((request) => [request.model, request.status])).toEqual([
      ['flaky', 503],
      ['flaky', 200],
    ])
  })
})

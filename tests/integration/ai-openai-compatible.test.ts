/**
 * The OpenAI-compatible engine driven through the real AI SDK against the local fake of the
 * OpenAI HTTP API (tests/fakes/openai-server.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import type { AnswerStreamEvent } from '#server/ai/ai-schemas.ts'
import { createOpenAiCompatibleEngine, type EngineHooks } from '#server/ai/providers/openai-compatible.ts'
import type { OpenAiCompatibleOptions } from '#server/ai/providers/openai-compatible-options.ts'
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts'

const apiKey = 'sk-proj-TESTKEY0123456789abcdefSECRET'
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const context = {
  role: 'Backend engineer',
  resume: 'Five years of Go at Acme Payments.',
  jobDescription: 'Build APIs.',
}
// OpenAI sends retry-after-ms; 0 keeps the SDK's retries instant in tests.
const serverError = fakeReply.error(500, { headers: { 'retry-after-ms': '0' } })

let fake: FakeOpenAiServer
beforeAll(async () => {
  fake = await startFakeOpenAiServer({ apiKey })
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => {
  fake.reset()
})

function engine(options: Partial<OpenAiCompatibleOptions> = {}, logger?: EngineHooks['logger']) {
  return createOpenAiCompatibleEngine(
    { baseUrl: fake.baseUrl, apiKey, model: 'primary', timeoutMs: 2_000, maxRetries: 1, ...options },
    { logger },
  )
}

async function collect(events: AsyncIterable<AnswerStreamEvent>) {
  const all: AnswerStreamEvent[] = []
  for await (const event of events) all.push(event)
  return all
}

async function rejection(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AiProviderError)
  return error as AiProviderError
}

const chatCalls = () => fake.requests.filter((request) => request.endpoint === 'chat')

describe('answer', () => {
  it('answers with the usage the provider reported and sends the context as system instructions', async () => {
    fake.setModel(
      'primary',
      fakeReply.text('A hash map stores key-value pairs with O(1) average lookups.', {
        usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
      }),
    )
    const result = await engine().answer({ question: 'What is a hash map?', context })

    expect(result).toMatchObject({
      text: 'A hash map stores key-value pairs with O(1) average lookups.',
      provider: 'openai-compatible',
      model: 'primary',
      usage: { inputTokens: 42, outputTokens: 7, totalTokens: 49 },
    })
    expect(result.latencyMs).toBeGreaterThanOrEqual(0)
    const [call] = chatCalls()
    expect(call?.authorization).toBe(`Bearer ${apiKey}`)
    expect(call?.chat?.stream ?? false).toBe(false)
    const [system, user] = call?.chat?.messages ?? []
    expect(system?.role).toBe('system')
    expect(system?.content).toContain('Five years of Go at Acme Payments.')
    expect(system?.content).toContain('<role>\nBackend engineer\n</role>')
    expect(system?.content).toContain('use only the facts in the resume')
    expect(system?.content).toContain(
      "Never invent employers, company names, people's names, degrees, titles or numbers",
    )
    expect(system?.content).toContain('[your current role]')
    expect(system?.content).toContain('"**In short:** " and the direct answer in one sentence')
    expect(system?.content).toContain('**More detail**')
    expect(user).toEqual({ role: 'user', content: 'Interview question:\nWhat is a hash map?' })
  })

  it('passes the session turns before a follow-up and reports the finish reason', async () => {
    fake.setModel('primary', fakeReply.text('I would add a canary stage first.'))
    const history = [{ question: 'Tell me about a failed launch.', answer: 'We shipped without a canary…' }]
    const result = await engine().answer({ question: 'And what would you do differently?', context, history })

    expect(result).toMatchObject({ source: 'model', finishReason: 'stop', gist: 'I would add a canary stage first.' })
    const messages = chatCalls()[0]?.chat?.messages ?? []
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Interview question:\nTell me about a failed launch.' },
      { role: 'assistant', content: 'We shipped without a canary…' },
      { role: 'user', content: 'Interview question:\nAnd what would you do differently?' },
    ])
  })

  it('streams deltas that reassemble into the answer, then the result with usage', async () => {
    const chunks = ['Use ', 'a hash ', 'map: ', 'O(1) lookups.']
    fake.setModel(
      'primary',
      fakeReply.text(chunks.join(''), { chunks, usage: { prompt_tokens: 30, completion_tokens: 6, total_tokens: 36 } }),
    )
    const events = await collect(engine().streamAnswer({ question: 'How do I find duplicates fast?' }))

    const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.text] : []))
    expect(deltas).toEqual(chunks)
    expect(events.at(-1)).toEqual({
      type: 'done',
      result: expect.objectContaining({
        text: chunks.join(''),
        model: 'primary',
        usage: { inputTokens: 30, outputTokens: 6, totalTokens: 36 },
      }) as unknown,
    })
    expect(events.filter((event) => event.type === 'done')).toHaveLength(1)
    const [call] = chatCalls()
    expect(call?.chat?.stream).toBe(true)
    expect(call?.chat?.stream_options?.include_usage).toBe(true)
  })

  it('throws, without falling back, when the stream breaks off after text was shown', async () => {
    fake.setModel('primary', fakeReply.text('one two three four', { dropAfterChunks: 2 }))
    fake.setModel('backup', fakeReply.text('backup answer'))
    const seen: string[] = []
    const error = await rejection(
      (async () => {
        for await (const event of engine({ fallbackModel: 'backup' }).streamAnswer({ question: 'Q?' })) {
          if (event.type === 'delta') seen.push(event.text)
        }
      })(),
    )
    expect(seen.join('')).toBe('one two ')
    expect(error.model).toBe('primary')
    expect(chatCalls().map((call) => call.model)).not.toContain('backup')
  })

  it('rejects bad input before calling the provider', async () => {
    const error = await rejection(engine().answer({ question: '   ' }))
    expect(error.code).toBe('bad_request')
    expect(fake.requests).toHaveLength(0)
  })
})

describe('screenshots', () => {
  it('sends the image as an image part to the vision model and reads the JSON reply', async () => {
    fake.setModel(
      'vision',
      fakeReply.text(
        '```json\n{"extractedText": "Reverse a linked list", "question": "Reverse a linked list", "answer": "Iterate with three pointers."}\n```',
      ),
    )
    const result = await engine({ visionModel: 'vision' }).analyzeScreenshot({
      image: onePixelPng,
      mimeType: 'image/png',
      context,
    })

    expect(result).toMatchObject({
      extractedText: 'Reverse a linked list',
      question: 'Reverse a linked list',
      answer: 'Iterate with three pointers.',
      model: 'vision',
    })
    const [call] = chatCalls()
    expect(call?.model).toBe('vision')
    const user = call?.chat?.messages.find((message) => message.role === 'user')
    expect(user?.content).toEqual([
      { type: 'text', text: expect.stringContaining('screenshot') as unknown },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${onePixelPng.toString('base64')}` } },
    ])
  })

  it('rejects bytes that are not a PNG, JPEG or WebP image before calling the provider', async () => {
    const error = await rejection(
      engine().analyzeScreenshot({ image: new TextEncoder().encode('GIF89a...'), mimeType: 'image/png' }),
    )
    expect(error.code).toBe('bad_request')
    expect(error.message).toMatch(/PNG, JPEG and WebP/)
    expect(fake.requests).toHaveLength(0)
  })
})

describe('transcription', () => {
  it('posts the audio as a multipart file with the model and returns the text', async () => {
    fake.setModel('whisper-1', fakeReply.text('What is a hash map?'))
    const audio = wavSilence(1600)
    const result = await engine({ transcriptionModel: 'whisper-1' }).transcribe({ audio, mimeType: 'audio/wav' })

    expect(result).toMatchObject({ text: 'What is a hash map?', model: 'whisper-1', provider: 'openai-compatible' })
    const [call] = fake.requests
    expect(call?.endpoint).toBe('transcription')
    expect(call?.authorization).toBe(`Bearer ${apiKey}`)
    expect(call?.form?.fields.model).toBe('whisper-1')
    expect(call?.form?.file).toMatchObject({ name: 'audio.wav', type: 'audio/wav', size: audio.byteLength })
    expect(Buffer.from(call?.form?.file?.bytes ?? []).equals(audio)).toBe(true)
  })

  it('reports the confidence its verbose_json answer carries, and none when the answer is plain json', async () => {
    fake.setModel('whisper-1', fakeReply.text('What is a hash map?'))
    fake.setModel('local-whisper', fakeReply.text('What is a hash map?'))
    const audio = wavSilence(1600)
    const verbose = await engine({ transcriptionModel: 'whisper-1' }).transcribe({ audio, mimeType: 'audio/wav' })
    expect(fake.requests.at(-1)?.form?.fields.response_format).toBe('verbose_json')
    // The fake's segment: avg_logprob −0.2, no_speech_prob 0.01.
    expect(verbose.confidence).toBe(Math.round(Math.exp(-0.2) * 0.99 * 1000) / 1000)

    const plain = await engine({ transcriptionModel: 'local-whisper' }).transcribe({ audio, mimeType: 'audio/wav' })
    expect(plain.text).toBe('What is a hash map?')
    expect(plain).not.toHaveProperty('confidence')
  })

  it('says which setting is missing when no transcription model is configured', async () => {
    const error = await rejection(engine().transcribe({ audio: wavSilence(160), mimeType: 'audio/wav' }))
    expect(error.code).toBe('not_configured')
    expect(error.message).toContain('AI_TRANSCRIPTION_MODEL')
  })
})

describe('fallback model', () => {
  it('answers with the fallback model when the first fails with 5xx after its retries', async () => {
    fake.setModel('primary', serverError)
    fake.setModel('backup', fakeReply.text('From the backup model.'))
    const warnings: unknown[][] = []
    const logger = { warn: (...entry: unknown[]) => void warnings.push(entry) }
    const result = await engine({ fallbackModel: 'backup' }, logger).answer({ question: 'Q?' })

    expect(result).toMatchObject({ text: 'From the backup model.', model: 'backup' })
    expect(warnings).toEqual([
      [
        'AI model failed; trying the fallback model',
        expect.objectContaining({ model: 'primary', fallbackModel: 'backup', code: 'unavailable' }),
      ],
    ])
    expect(chatCalls().map((call) => [call.model, call.status])).toEqual([
      ['primary', 500],
      ['primary', 500],
      ['backup', 200],
    ])
  })

  it('falls back when the first model times out, and when it is rate limited after retries', async () => {
    fake.setModel('slow', fakeReply.text('too late', { delayMs: 5_000 }))
    fake.setModel('limited', fakeReply.error(429, { headers: { 'retry-after-ms': '0' } }))
    fake.setModel('backup', fakeReply.text('Backup.'))

    const afterTimeout = await engine({ model: 'slow', fallbackModel: 'backup', timeoutMs: 300 }).answer({
      question: 'Q?',
    })
    expect(afterTimeout.model).toBe('backup')
    const afterLimit = await engine({ model: 'limited', fallbackModel: 'backup' }).answer({ question: 'Q?' })
    expect(afterLimit.model).toBe('backup')
  })

  it('falls back in a stream when the first model fails before any text', async () => {
    fake.setModel('primary', serverError)
    fake.setModel('backup', fakeReply.text('Streamed by backup.'))
    const events = await collect(engine({ fallbackModel: 'backup' }).streamAnswer({ question: 'Q?' }))
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { text: 'Streamed by backup.', model: 'backup' } })
  })

  it('rejects with an AiProviderError naming both models when both fail', async () => {
    fake.setModel('primary', serverError)
    fake.setModel('backup', fakeReply.error(503, { headers: { 'retry-after-ms': '0' } }))
    const error = await rejection(engine({ fallbackModel: 'backup' }).answer({ question: 'Q?' }))

    expect(error).toMatchObject({ code: 'unavailable', retryable: true, model: 'backup', statusCode: 503 })
    expect(error.message).toContain('"primary"')
    expect(error.message).toContain('"backup"')
  })

  it('does not fall back on a rejected key: the fallback would be refused too', async () => {
    fake.setModel('backup', fakeReply.text('never'))
    await rejection(engine({ apiKey: 'sk-wrong-key-000000000000', fallbackModel: 'backup' }).answer({ question: 'Q?' }))
    expect(fake.requests).toHaveLength(1)
  })
})

describe('structured outputs', () => {
  const questionsJson = JSON.stringify({
    questions: [
      {
        question: 'Explain Go channels.',
        category: 'technical',
        difficulty: 'hard',
        keyPoints: ['buffered vs unbuffered'],
      },
      { question: 'Design a rate limiter.', category: 'System Design', difficulty: 'hard', keyPoints: [] },
    ],
  })

  it('asks once more when the first reply is not valid JSON, and adds up the usage', async () => {
    fake.setModel('primary', [
      fakeReply.text('Sure! Here are two great questions about Go.', {
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      }),
      fakeReply.text(questionsJson, { usage: { prompt_tokens: 120, completion_tokens: 50, total_tokens: 170 } }),
    ])
    const result = await engine().generateQuestions({ topic: 'Go', difficulty: 'hard', count: 2, context })

    expect(result.questions).toEqual([
      {
        question: 'Explain Go channels.',
        category: 'technical',
        difficulty: 'hard',
        keyPoints: ['buffered vs unbuffered'],
      },
      { question: 'Design a rate limiter.', category: 'system-design', difficulty: 'hard', keyPoints: [] },
    ])
    expect(result.usage).toEqual({ inputTokens: 220, outputTokens: 60, totalTokens: 280 })
    const calls = chatCalls()
    expect(calls).toHaveLength(2)
    const retried = calls[1]?.chat?.messages ?? []
    expect(retried.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here are two great questions about Go.' })
    expect(retried.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('could not be used') as unknown,
    })
  })

  it('gives up after one retry with an invalid_output error, or hands over to the fallback model', async () => {
    fake.setModel('primary', fakeReply.text('I would rather chat.'))
    const error = await rejection(engine().analyzeQuestion({ question: 'Why Go?' }))
    expect(error).toMatchObject({ code: 'invalid_output', model: 'primary' })
    expect(chatCalls()).toHaveLength(2)

    fake.reset()
    fake.setModel(
      'backup',
      fakeReply.text(
        JSON.stringify({
          category: 'behavioral',
          difficulty: 'easy',
          intent: 'Motivation',
          keyConcepts: ['concurrency'],
          answerOutline: ['Say why'],
          followUpQuestions: [],
        }),
      ),
    )
    const analysis = await engine({ fallbackModel: 'backup' }).analyzeQuestion({ question: 'Why Go?' })
    expect(analysis).toMatchObject({ category: 'behavioral', intent: 'Motivation', model: 'backup' })
  })

  it('reads communication feedback', async () => {
    fake.setModel(
      'primary',
      fakeReply.text(
        'Here you go: {"improvedResponse": "I led the migration to Go.", "strengths": ["specific"], "suggestions": ["quantify impact"], "score": "6"}',
      ),
    )
    const result = await engine().improveCommunication({ response: 'um so I kind of did the Go thing', context })
    expect(result).toMatchObject({
      improvedResponse: 'I led the migration to Go.',
      strengths: ['specific'],
      suggestions: ['quantify impact'],
      score: 6,
    })
  })
})

describe('errors', () => {
  it('maps a rejected key to unauthorized without leaking the key', async () => {
    const secret = 'sk-live-9f8e7d6c5b4a39281706ABCDEFGH'
    fake.setModel('primary', fakeReply.text('never'))
    const error = await rejection(engine({ apiKey: secret }).answer({ question: 'Q?' }))

    expect(error).toMatchObject({ code: 'unauthorized', retryable: false, statusCode: 401 })
    expect(error.message).toMatch(/rejected the API key.*AI_API_KEY/)
    // The fake, like OpenAI, echoes the key masked as its first 8 and last 4 characters.
    for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? '']) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(secret.slice(0, 8))
      expect(text).not.toContain(secret.slice(-4))
    }
    expect(fake.requests).toHaveLength(1)
  })

  it('maps an unknown model to model_not_found and an unreachable server to unreachable', async () => {
    const notFound = await rejection(engine({ model: 'no-such-model' }).answer({ question: 'Q?' }))
    expect(notFound).toMatchObject({ code: 'model_not_found', statusCode: 404 })

    const closed = await startFakeOpenAiServer()
    const baseUrl = closed.baseUrl
    await closed.close()
    const unreachable = await rejection(engine({ baseUrl, maxRetries: 0 }).answer({ question: 'Q?' }))
    expect(unreachable).toMatchObject({ code: 'unreachable', retryable: true })
    expect(unreachable.message).toContain(baseUrl)
  })

  it('maps a caller abort to aborted', async () => {
    fake.setModel('primary', fakeReply.text('slow', { delayMs: 5_000 }))
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await rejection(engine().answer({ question: 'Q?' }, { signal: controller.signal }))
    expect(error).toMatchObject({ code: 'aborted', retryable: false })
  })
})

/** A mono 16-bit 16 kHz WAV of silence. */
function wavSilence(samples: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + samples * 2, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(16_000, 24)
  header.writeUInt32LE(32_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(samples * 2, 40)
  return Buffer.concat([header, Buffer.alloc(samples * 2)])
}

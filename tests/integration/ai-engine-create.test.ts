/**
 * createAiEngine picks the engine the configuration asks for: the OpenAI-compatible provider
 * (driven against the local fake of the OpenAI API) with the local speech recognizer when no
 * transcription model is set, or the offline engine.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '#app.config.ts'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import { createAiEngine } from '#server/ai/create-ai-engine.ts'
import { speechNotConfiguredMessage } from '#server/ai/offline/speech/local-transcriber.ts'
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts'

const run = promisify(execFile)
const apiKey = 'sk-proj-TESTKEY0123456789abcdefSECRET'
let fake: FakeOpenAiServer
let folder: string
let speech: Uint8Array

function providerSettings(extra: Partial<Extract<AppConfig['ai'], { mode: 'provider' }>> = {}): AppConfig['ai'] {
  return {
    mode: 'provider',
    baseUrl: fake.baseUrl,
    apiKey,
    model: 'primary',
    fallbackModel: undefined,
    visionModel: undefined,
    transcriptionModel: undefined,
    timeoutMs: 5_000,
    ...extra,
  }
}

beforeAll(async () => {
  fake = await startFakeOpenAiServer({ apiKey })
  folder = await mkdtemp(join(tmpdir(), 'ih-create-engine-test-'))
  const file = join(folder, 'question.wav')
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, 'What is a hash map?']).catch(() => {
    throw new Error('espeak-ng is not installed: run `apt-get install -y espeak-ng` (CI installs it).')
  })
  speech = await readFile(file)
})

afterAll(async () => {
  await fake.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

beforeEach(() => {
  fake.reset()
})

describe('offline mode', () => {
  it('answers from the knowledge base without any network call', async () => {
    const engine = await createAiEngine({ mode: 'offline', timeoutMs: 5_000 })
    const result = await engine.answer({ question: 'How does a hash map work?' })
    expect(engine.provider).toBe('offline')
    expect(result).toMatchObject({ provider: 'offline', model: 'interview-kb-v1' })
    expect(fake.requests).toHaveLength(0)
    await engine.close()
  })
})

describe('provider mode', () => {
  it('answers with the configured model of the provider', async () => {
    fake.setModel('primary', fakeReply.text('A hash map stores key-value pairs.'))
    const engine = await createAiEngine(providerSettings())
    const result = await engine.answer({ question: 'How does a hash map work?' })
    expect(engine.provider).toBe('openai-compatible')
    expect(result).toMatchObject({
      text: 'A hash map stores key-value pairs.',
      model: 'primary',
      provider: 'openai-compatible',
    })
    expect(fake.requests.map((request) => request.endpoint)).toEqual(['chat'])
  })

  it('falls back to the fallback model', async () => {
    fake.setModel('primary', fakeReply.error(404, { code: 'model_not_found' }))
    fake.setModel('backup', fakeReply.text('From the backup.'))
    const warnings: unknown[] = []
    const engine = await createAiEngine(providerSettings({ fallbackModel: 'backup' }), {
      logger: { warn: (message) => void warnings.push(message) },
    })
    expect(await engine.answer({ question: 'Q?' })).toMatchObject({ text: 'From the backup.', model: 'backup' })
    expect(warnings).toHaveLength(1)
  })

  it('keeps screenshots with the provider vision model', async () => {
    fake.setModel(
      'vision',
      fakeReply.text(
        '{"extractedText": "Reverse a linked list", "question": "Reverse a linked list", "answer": "Use three pointers."}',
      ),
    )
    const engine = await createAiEngine(providerSettings({ visionModel: 'vision' }))
    const image = await readFile(join(import.meta.dirname, 'ai-ocr-fixtures', 'question.png'))
    const result = await engine.analyzeScreenshot({ image, mimeType: 'image/png' })
    expect(result).toMatchObject({ answer: 'Use three pointers.', model: 'vision', provider: 'openai-compatible' })
    expect(fake.requests.map((request) => request.model)).toEqual(['vision'])
  })

  it('transcribes with the provider when a transcription model is configured', async () => {
    fake.setModel('whisper-1', fakeReply.text('What is a hash map?'))
    const engine = await createAiEngine(providerSettings({ transcriptionModel: 'whisper-1' }))
    const result = await engine.transcribe({ audio: speech, mimeType: 'audio/wav' })
    expect(result).toMatchObject({ text: 'What is a hash map?', model: 'whisper-1', provider: 'openai-compatible' })
    expect(fake.requests.map((request) => request.endpoint)).toEqual(['transcription'])
  })

  it('transcribes on this machine when no transcription model is configured', async () => {
    const engine = await createAiEngine(providerSettings(), { speech: { cacheDir: folder } })
    const result = await engine.transcribe({ audio: speech, mimeType: 'audio/wav' })
    expect(result.text).toMatch(/\bhash map\b/)
    expect(result).toMatchObject({ provider: 'offline', model: expect.stringMatching(/^pocketsphinx/) as unknown })
    expect(fake.requests).toHaveLength(0)
  })

  it('names the settings and packages when neither way of transcribing is available', async () => {
    const engine = await createAiEngine(providerSettings(), { speech: { searchPath: '/nonexistent' } })
    const error = await engine.transcribe({ audio: speech, mimeType: 'audio/wav' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AiProviderError)
    expect(error).toMatchObject({ code: 'not_configured', retryable: false, message: speechNotConfiguredMessage })
  })

  it('rejects invalid transcription input before doing any work', async () => {
    const engine = await createAiEngine(providerSettings())
    const error = await engine
      .transcribe({ audio: new Uint8Array(), mimeType: 'audio/wav' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'bad_request' })
  })
})

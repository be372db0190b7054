/**
 * The offline engine's screenshot and speech paths with the real recognizers: tesseract.js on the
 * fixtures in ai-ocr-fixtures/ (see ai-tesseract.test.ts for how they were made) and Debian's
 * PocketSphinx on speech synthesised at test time by espeak-ng. CI installs both
 * (`apt-get install -y python3-pocketsphinx pocketsphinx-en-us espeak-ng`); a missing tool fails the suite
 * with that instruction rather than skipping it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AiProviderError } from '#server/ai/ai-errors.ts'
import { screenshotAnalysisSchema, transcriptionResultSchema } from '#server/ai/ai-schemas.ts'
import { createOfflineEngine } from '#server/ai/offline/offline-engine.ts'
import { UnsupportedMediaError } from '#server/ai/recognizer-errors.ts'
import { needsConfirmation } from '#server/ai/transcript-confirmation.ts'
import {
  GENERIC_SPEECH_MODEL,
  INTERVIEW_SPEECH_MODEL,
  speechNotConfiguredMessage,
} from '#server/ai/offline/speech/local-transcriber.ts'

const run = promisify(execFile)
const fixtures = join(import.meta.dirname, 'ai-ocr-fixtures')
let folder: string
let engine: ReturnType<typeof createOfflineEngine>

/** espeak-ng's US English klatt voice at 140 words a minute, as 22 kHz WAV. */
async function speak(text: string): Promise<Uint8Array> {
  const file = join(folder, `${text.replace(/\W+/g, '-')}.wav`)
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, text])
  return readFile(file)
}

async function rejection(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AiProviderError)
  return error as AiProviderError
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-ai-engine-test-'))
  const espeak = await run('espeak-ng', ['--version']).then(
    () => true,
    () => false,
  )
  if (!espeak) throw new Error('espeak-ng is not installed: run `apt-get install -y espeak-ng` (CI installs it).')
  // Its own cache folder, so the interview speech model is built from scratch here.
  engine = createOfflineEngine({ speech: { cacheDir: folder } })
  if (!(await engine.transcriber.isAvailable())) {
    throw new Error(
      'PocketSphinx is not installed: run `apt-get install -y python3-pocketsphinx pocketsphinx-en-us` (CI installs it).',
    )
  }
})

afterAll(async () => {
  await engine.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('analyzeScreenshot', () => {
  it.each([
    ['question.png', 'image/png'],
    ['question.jpg', 'image/jpeg'],
    ['question.webp', 'image/webp'],
  ] as const)('reads the question in %s and answers it from the knowledge base', async (name, mimeType) => {
    const image = await readFile(join(fixtures, name))
    const result = screenshotAnalysisSchema.parse(
      await engine.analyzeScreenshot({ image, mimeType, context: { role: 'Backend engineer' } }),
    )

    expect(result.extractedText).toContain('def reverse(head):')
    expect(result.question).toBe('Write a function that reverses a linked list in O(n) time.')
    expect(result.matches?.[0]?.id).toBe('ds-reverse-linked-list')
    expect(result.answer).toMatch(/\bprev\b|pointer/i)
    expect(result.ocrConfidence).toBeGreaterThan(80)
    expect(result).toMatchObject({ provider: 'offline', model: 'interview-kb-v1' })
    expect(result.usage.inputTokens).toBeGreaterThan(0)
  })

  it('rejects bytes that are not a PNG, JPEG or WebP image', async () => {
    const error = await rejection(
      engine.analyzeScreenshot({ image: new TextEncoder().encode('GIF89a...'), mimeType: 'image/png' }),
    )
    expect(error.code).toBe('bad_request')
    expect(error.message).toMatch(/PNG, JPEG and WebP/)
    expect(error.cause).toBeInstanceOf(UnsupportedMediaError)
  })
})

describe('transcribe', () => {
  it('hears an interview question through the interview language model', async () => {
    const result = transcriptionResultSchema.parse(
      await engine.transcribe({ audio: await speak('What is a hash map?'), mimeType: 'audio/wav' }),
    )
    console.info(`offline transcription: "${result.text}" (${result.model}, ${result.latencyMs} ms)`)
    expect(result.text).toMatch(/\bhash map\b/)
    expect(result).toMatchObject({ provider: 'offline', model: INTERVIEW_SPEECH_MODEL })
  })

  it('hears other interview questions too', async () => {
    const result = await engine.transcribe({
      audio: await speak('Explain the difference between a process and a thread.'),
      mimeType: 'audio/wav',
    })
    expect(result.text).toMatch(/\bprocess\b/)
    expect(result.text).toMatch(/\bthread\b/)
  })

  it('hears a short follow-up through the interview language model', async () => {
    // Before 0131 the interview model had no follow-up forms and heard "why is a that", which the
    // knowledge base does not answer, so the generic model decoded the clip again.
    const result = await engine.transcribe({ audio: await speak('Why is that?'), mimeType: 'audio/wav' })
    expect(result).toMatchObject({ text: 'why is that', model: INTERVIEW_SPEECH_MODEL })
  })

  it("keeps the interview model's words for speech that is no interview question, and sends them back for confirmation", async () => {
    // Before 0135 the knowledge base answered these words with no confidence, so the generic
    // model decoded the whole clip again. Now there is no second decode; for the same reason the
    // words are sent back for the candidate to confirm.
    const audio = await speak('The weather is nice today and I want to go for a walk.')
    const result = await engine.transcribe({ audio, mimeType: 'audio/wav' })
    expect(result.model).toBe(INTERVIEW_SPEECH_MODEL)
    expect(result.text).not.toBe('')
    expect(needsConfirmation(result.confidence)).toBe(true)
  })

  it('uses only the generic model when told to', async () => {
    const generic = createOfflineEngine({ speech: { languageModel: 'generic' } })
    const result = await generic.transcribe({
      audio: await speak('Tell me about hash tables and hash functions.'),
      mimeType: 'audio/wav',
    })
    expect(result.model).toBe(GENERIC_SPEECH_MODEL)
    expect(result.text).toMatch(/\bhash\b/)
  })

  it('says what to configure or install when PocketSphinx is missing', async () => {
    const missing = createOfflineEngine({ speech: { searchPath: '/nonexistent' } })
    const error = await rejection(
      missing.transcribe({ audio: await speak('What is a hash map?'), mimeType: 'audio/wav' }),
    )
    expect(error).toMatchObject({ code: 'not_configured', retryable: false, provider: 'offline' })
    expect(error.message).toBe(speechNotConfiguredMessage)
    expect(error.message).toMatch(
      /AI_BASE_URL with AI_TRANSCRIPTION_MODEL, or the python3-pocketsphinx and pocketsphinx-en-us packages installed/,
    )
  })

  it('rejects audio that is not WAV with the accepted formats', async () => {
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(60).fill(0)])
    const error = await rejection(engine.transcribe({ audio: webm, mimeType: 'audio/webm' }))
    expect(error.code).toBe('bad_request')
    expect(error.message).toMatch(/WAV/)
    expect(error.message).toMatch(/AI_TRANSCRIPTION_MODEL/)
    expect(error.cause).toBeInstanceOf(UnsupportedMediaError)
  })

  it('caches the interview model in one folder named after its inputs', async () => {
    const built = (await readdir(folder)).filter((name) => name.startsWith('interview-helper-speech-'))
    expect(built).toHaveLength(1)
    expect((await readdir(join(folder, built[0] ?? ''))).sort()).toEqual([
      'cmudict-en-us.dict',
      'en-us',
      'en-us.lm.bin',
    ])
  })
})

/**
 * What a recogniser cannot finish, or one person cannot fairly ask of it, is refused before any
 * decoding, with a status and a code of its own: too many recordings waiting (429 queue_full with
 * Retry-After), too long a recording (413 audio_too_long), an unreadable header (422
 * media_unreadable). The transcriber is replaced by one that waits until released, so the line
 * is known without timing.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { maxQuestionAudioSeconds, maxWaitingPerPerson } from '#rules/media-limits.ts'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'
import type { ClosableAiEngine } from '#server/ai/offline/offline-engine.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { askAudioQuestion } from '#server/interviews/ask.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs } from '#server/request-scope.ts'
import { thrownErrorResponse } from '#server/routes/error-envelope.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'
import { m4a, mp3, oggOpus, soxRecording, webmOpus } from '#tests/support/recording-files.ts'

const silence = (seconds: number) =>
  encodeWav16({ sampleRate: 16_000, samples: new Float32Array(Math.round(seconds * 16_000)) })

describe('a recogniser shared between people', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  const releases: (() => void)[] = []
  let transcribed = 0
  let runtime: TestRuntime['runtime']

  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
    // Two decoders, one per person at a time, as the offline recogniser; each clip waits until released.
    const line = createConcurrencyLimit(2, { perPerson: 1, waitingPerPerson: maxWaitingPerPerson })
    const ai: ClosableAiEngine = Object.create(test.runtime.ai) as ClosableAiEngine
    ai.transcribe = (_input, options) =>
      line(async (): Promise<TranscriptionResult> => {
        transcribed += 1
        await new Promise<void>((resolve) => releases.push(resolve))
        return { text: 'what is a hash map', confidence: 0.95, provider: 'offline', model: 'test', latencyMs: 1 }
      }, options?.caller)
    runtime = { ...test.runtime, ai }
  })

  async function candidate() {
    const userId = randomUUID()
    const scope = actingAs({ runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
    await grantPlan(test.runtime, userId, 'professional')
    await startSession(scope, { mode: 'voice' })
    return scope
  }

  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    const response = thrownErrorResponse(error, test.runtime.log)
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { code: string; error: string },
    }
  }

  it('refuses a person whose line is full with 429 queue_full and Retry-After; another person is served meanwhile', async () => {
    const heavy = await candidate()
    const light = await candidate()
    const accepted = Array.from({ length: 1 + maxWaitingPerPerson }, () =>
      askAudioQuestion(heavy, { audio: silence(1), mimeType: 'audio/wav' }),
    )
    while (transcribed < 1) await new Promise((resolve) => setImmediate(resolve))
    const refused = await refusalOf(askAudioQuestion(heavy, { audio: silence(1), mimeType: 'audio/wav' }))
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('queue_full')
    expect(refused.body.error).toMatch(/^Failed to process audio: /)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    const other = askAudioQuestion(light, { audio: silence(1), mimeType: 'audio/wav' })
    while (transcribed < 2) await new Promise((resolve) => setImmediate(resolve))
    // The other person's clip is decoding while the heavy one's line still waits.
    expect(transcribed).toBe(2)
    while (releases.length > 0 || transcribed < 2 + accepted.length - 1) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    const answers = await Promise.all([other, ...accepted])
    expect(answers).toHaveLength(2 + maxWaitingPerPerson)
  })

  it(`refuses a recording longer than ${maxQuestionAudioSeconds} s from its header with 413 audio_too_long, before transcribing`, async () => {
    const scope = await candidate()
    const before = transcribed
    const refused = await refusalOf(
      askAudioQuestion(scope, { audio: silence(maxQuestionAudioSeconds + 1), mimeType: 'audio/wav' }),
    )
    expect(refused.status).toBe(413)
    expect(refused.body.code).toBe('audio_too_long')
    expect(transcribed).toBe(before)
  })

  it('refuses a WAV whose header is damaged with 422 media_unreadable, before transcribing', async () => {
    const scope = await candidate()
    const before = transcribed
    const noFormat = new Uint8Array(
      Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEdata\x04\x00\x00\x00', 'latin1'), Buffer.alloc(4)]),
    )
    const refused = await refusalOf(askAudioQuestion(scope, { audio: noFormat, mimeType: 'audio/wav' }))
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('media_unreadable')
    expect(transcribed).toBe(before)
  })
  /** The refusal; a recording that wrongly reached the transcriber is released, so the test fails instead of waiting. */
  async function refusedUnblocked(work: Promise<unknown>) {
    const unblock = setInterval(() => releases.shift()?.(), 20)
    try {
      return await refusalOf(work)
    } finally {
      clearInterval(unblock)
    }
  }

  // Every accepted format, as a browser or an encoder writes it (decision 0112).
  const tooLong = maxQuestionAudioSeconds + 1
  const formats: [string, string, (seconds: number) => Promise<Uint8Array>][] = [
    ['WebM from MediaRecorder (no Duration)', 'audio/webm', (seconds) => Promise.resolve(webmOpus({ seconds }))],
    ['Ogg Opus', 'audio/ogg', (seconds) => Promise.resolve(oggOpus({ seconds }))],
    ['Ogg Vorbis', 'audio/ogg', (seconds) => soxRecording('ogg', seconds)],
    ['FLAC', 'audio/flac', (seconds) => soxRecording('flac', seconds)],
    ['MP3', 'audio/mpeg', (seconds) => Promise.resolve(mp3({ seconds }))],
    ['M4A', 'audio/mp4', (seconds) => Promise.resolve(m4a({ seconds }))],
    ['fragmented M4A (Safari)', 'audio/mp4', (seconds) => Promise.resolve(m4a({ seconds, fragmented: true }))],
  ]

  it.each(formats)(
    `refuses %s longer than ${maxQuestionAudioSeconds} s with 413 audio_too_long before transcribing, and takes a short one`,
    async (_name, mimeType, recording) => {
      const scope = await candidate()
      const before = transcribed
      const refused = await refusedUnblocked(askAudioQuestion(scope, { audio: await recording(tooLong), mimeType }))
      expect(refused.status).toBe(413)
      expect(refused.body.code).toBe('audio_too_long')
      expect(refused.body.error).toMatch(
        /^Failed to process audio: the recording lasts 6\d\.\d s; a spoken question may last at most 60 s\.$/,
      )
      expect(transcribed).toBe(before)

      const short = askAudioQuestion(scope, { audio: await recording(2), mimeType })
      while (transcribed === before) await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
      await expect(short).resolves.toMatchObject({ transcript: 'what is a hash map' })
    },
  )

  it.each([
    ['WebM cut inside its header', 'audio/webm', webmOpus({ seconds: 2 }).subarray(0, 6)],
    ['Ogg with no audio stream', 'audio/ogg', new Uint8Array(Buffer.from('OggS'))],
    [
      'MP3 with a tag and no frame',
      'audio/mpeg',
      new Uint8Array([...Buffer.from('ID3'), 4, 0, 0, 0, 0, 0, 0, 1, 2, 3]),
    ],
  ])('refuses %s with 422 media_unreadable, before transcribing', async (_name, mimeType, audio) => {
    const scope = await candidate()
    const before = transcribed
    const refused = await refusedUnblocked(askAudioQuestion(scope, { audio, mimeType }))
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('media_unreadable')
    expect(transcribed).toBe(before)
  })
})

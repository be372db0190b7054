/**
 * The long-lived speech decoders (decision 0115): a decoder process loads its models once and
 * decodes clip after clip; one that fails on a clip says so and keeps serving, one that dies is
 * replaced, and the engine's shutdown stops them all. A Python script stands in for the decoder
 * (tests/support/fake-speech-decoder.ts); the assertions are on processes started and left
 * running, not on time.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import {
  createPocketSphinxRecognizer,
  type PocketSphinxOptions,
  type PocketSphinxRecognizer,
} from '#server/ai/offline/speech/pocketsphinx.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'
import { fakeDecoderStarts, isRunning, writeFakeSpeechDecoder } from '#tests/support/fake-speech-decoder.ts'

const silence = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000) })
let folder: string
let options: PocketSphinxOptions

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-pool-'))
  options = { ...(await writeFakeSpeechDecoder(folder)), timeoutMs: 20_000 }
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const starts = () => fakeDecoderStarts(folder)
/** The recognizer, its decoders stopped when the test ends, passed or failed. */
function closedAfterTest(recognizer: PocketSphinxRecognizer): PocketSphinxRecognizer {
  onTestFinished(() => recognizer.close())
  return recognizer
}
const flag = (name: string) => writeFile(join(folder, name), '')

describe('the long-lived speech decoders', () => {
  it('decode clips one after another with the decoder started once', async () => {
    const recognizer = closedAfterTest(createPocketSphinxRecognizer(options))
    const first = await recognizer.transcribe(silence, 'someone')
    const second = await recognizer.transcribe(silence, 'someone')
    expect(first.text).toBe('what is a hash map')
    expect(second.text).toBe('what is a hash map')
    expect(second.confidence).toBe(0.784)
    expect(await starts()).toHaveLength(1)
  })

  it('give the caller a clear error when the decoder fails on a clip, and keep the decoder', async () => {
    const recognizer = closedAfterTest(createPocketSphinxRecognizer(options))
    await recognizer.transcribe(silence, 'someone')
    await flag('fail')
    const error = await recognizer.transcribe(silence, 'someone').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as RecognizerFailedError).timedOut).toBe(false)
    expect((error as Error).message).toMatch(/stopped on this clip \(signal 11\).*Senone scores are not finite/)

    expect((await recognizer.transcribe(silence, 'someone')).text).toBe('what is a hash map')
    expect(await starts()).toHaveLength(1)
  })

  it('hand a clip to a new decoder once when its decoder dies with it', async () => {
    const recognizer = closedAfterTest(createPocketSphinxRecognizer(options))
    await recognizer.transcribe(silence, 'someone')
    await flag('die')
    expect((await recognizer.transcribe(silence, 'someone')).text).toBe('what is a hash map')
    const [dead, replacement] = await starts()
    expect(isRunning(dead ?? 0)).toBe(false)
    expect(isRunning(replacement ?? 0)).toBe(true)
  })

  it('give the caller a clear error when the new decoder dies with the clip too', async () => {
    const recognizer = closedAfterTest(createPocketSphinxRecognizer(options))
    await flag('die-always')
    const error = await recognizer.transcribe(silence, 'someone').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as RecognizerFailedError).timedOut).toBe(false)
    expect((error as Error).message).toMatch(/stopped \(exit code 3\).*calloc\(4096,4\) failed/)
    const pids = await starts()
    expect(pids).toHaveLength(2)
    expect(pids.some(isRunning)).toBe(false)
  })

  it('replace a decoder that died while waiting for work, without failing the next clip', async () => {
    const recognizer = closedAfterTest(createPocketSphinxRecognizer(options))
    await recognizer.transcribe(silence, 'someone')
    const [first] = await starts()
    process.kill(first ?? 0, 'SIGKILL')
    expect((await recognizer.transcribe(silence, 'someone')).text).toBe('what is a hash map')
    expect(await starts()).toHaveLength(2)
  })

  it('run one decoder per slot, and stop them all on close', async () => {
    const recognizer = createPocketSphinxRecognizer({ ...options, maxConcurrent: 2 })
    await Promise.all([recognizer.transcribe(silence, 'one'), recognizer.transcribe(silence, 'two')])
    await recognizer.transcribe(silence, 'three')
    const pids = await starts()
    expect(pids).toHaveLength(2)
    expect(pids.every(isRunning)).toBe(true)

    await recognizer.close()
    expect(pids.some(isRunning)).toBe(false)
    await expect(recognizer.transcribe(silence, 'four')).rejects.toBeInstanceOf(RecognizerFailedError)
  })
})

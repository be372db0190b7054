/**
 * A recognition that outlives its time limit stops using the machine: the OCR worker thread is
 * terminated and the long-lived speech decoder process killed, and the next job in line runs on a fresh one.
 * Fakes stand in for tesseract.js and PocketSphinx; the assertions are on what is left running.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTesseractRecognizer, type OcrWorker } from '#server/ai/offline/ocr/tesseract.ts'
import { createPocketSphinxRecognizer } from '#server/ai/offline/speech/pocketsphinx.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'
import { fakeDecoderStarts, isRunning, writeFakeSpeechDecoder } from '#tests/support/fake-speech-decoder.ts'

// The smallest PNG header the header reader accepts: 1×1 pixels.
const png = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0,
  0, 0,
])

describe('an OCR job past its time limit', () => {
  it('terminates the worker thread at once, and the next job runs on a new one', async () => {
    const workers: (OcrWorker & { terminated: boolean })[] = []
    const ocr = createTesseractRecognizer({
      timeoutMs: 20,
      idleMs: 0,
      createWorker: () => {
        const stuck = workers.length === 0
        const worker = {
          terminated: false,
          // The first worker never finishes: only terminating it would stop it.
          recognize: () =>
            stuck
              ? new Promise<never>(() => undefined)
              : Promise.resolve({ data: { text: 'Question', confidence: 90 } }),
          terminate: () => {
            worker.terminated = true
            return Promise.resolve()
          },
        }
        workers.push(worker)
        return Promise.resolve(worker)
      },
    })
    const first = ocr.recognize(png)
    const second = ocr.recognize(png)
    await expect(first).rejects.toMatchObject({ name: 'RecognizerFailedError', timedOut: true })
    expect(workers[0]?.terminated).toBe(true)
    expect((await second).text).toBe('Question')
    expect(workers).toHaveLength(2)
    expect(workers[1]?.terminated).toBe(false)
    await ocr.close()
    expect(workers[1]?.terminated).toBe(true)
  })
})

describe('a speech decoder past its time limit', () => {
  let folder: string
  let options: Awaited<ReturnType<typeof writeFakeSpeechDecoder>>
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-deadline-'))
    options = await writeFakeSpeechDecoder(folder)
    // The first decoder hangs; later ones answer each clip at once.
    await writeFile(join(folder, 'hang'), '')
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('kills the decoder process, and the next clip in line is decoded by a new one', async () => {
    const recognizer = createPocketSphinxRecognizer({ ...options, maxConcurrent: 1, timeoutMs: 2_000 })
    const silence = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000) })
    const first = recognizer.transcribe(silence, 'someone')
    const second = recognizer.transcribe(silence, 'someone')
    const error = await first.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as RecognizerFailedError).timedOut).toBe(true)
    const [stuck] = await fakeDecoderStarts(folder)
    expect(isRunning(stuck ?? 0)).toBe(false)
    expect((await second).text).toBe('what is a hash map')
    expect(await fakeDecoderStarts(folder)).toHaveLength(2)
    await recognizer.close()
  })
})

/**
 * A recognition that outlives its time limit stops using the machine: the OCR worker thread is
 * terminated and the speech decoder process killed, and the next job in line runs on a fresh one.
 * Fakes stand in for tesseract.js and PocketSphinx; the assertions are on what is left running.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTesseractRecognizer, type OcrWorker } from '#server/ai/offline/ocr/tesseract.ts'
import { createPocketSphinxRecognizer } from '#server/ai/offline/speech/pocketsphinx.ts'
import { encodeWav16 } from '#server/ai/offline/speech/wav.ts'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'

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
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-deadline-'))
    await mkdir(join(folder, 'en-us'))
    await Promise.all(
      ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict'].map((name) => writeFile(join(folder, name), '')),
    )
    // The first run hangs (its PID written down first); later runs answer at once.
    const decoder = join(folder, 'decoder')
    await writeFile(
      decoder,
      [
        '#!/bin/sh',
        'dir=$(dirname "$0")',
        'if [ ! -e "$dir/stuck.pid" ]; then echo $$ > "$dir/stuck.pid"; exec sleep 600; fi',
        'echo "what is a hash map"',
      ].join('\n'),
    )
    await chmod(decoder, 0o755)
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('kills the decoder process, and the next clip in line is decoded', async () => {
    const recognizer = createPocketSphinxRecognizer({
      binary: join(folder, 'decoder'),
      modelDir: folder,
      maxConcurrent: 1,
      timeoutMs: 2_000,
    })
    const silence = encodeWav16({ sampleRate: 16_000, samples: new Float32Array(16_000) })
    const first = recognizer.transcribe(silence, 'someone')
    const second = recognizer.transcribe(silence, 'someone')
    const error = await first.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as RecognizerFailedError).timedOut).toBe(true)
    const pid = Number(await readFile(join(folder, 'stuck.pid'), 'utf8'))
    expect(isRunning(pid)).toBe(false)
    expect((await second).text).toBe('what is a hash map')
  })
})

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

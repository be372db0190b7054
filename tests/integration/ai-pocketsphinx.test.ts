/**
 * Offline speech-to-text with Debian's PocketSphinx on speech synthesised at test time by
 * espeak-ng. Both must be installed, and PocketSphinx's programs, whose `pocketsphinx_continuous`
 * the long-lived decoder is checked against (CI: `apt-get install -y python3-pocketsphinx
 * pocketsphinx-en-us pocketsphinx espeak-ng`); a missing tool fails the suite with that instruction
 * rather than skipping it.
 *
 * PocketSphinx 0.8 with its generic US English model hears synthetic speech imperfectly. The
 * phrase, voice and rate below were chosen because they are recognised at every rate from 115 to
 * 180 words a minute with the klatt voices (measured on Debian 12); the assertions check the
 * words that matter, not the whole sentence.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QueueFullError } from '#server/ai/concurrency-limit.ts'
import {
  MediaTooLargeError,
  RecognizerFailedError,
  RecognizerUnavailableError,
  UnsupportedMediaError,
} from '#server/ai/recognizer-errors.ts'
import { parseDecoderOutput } from '#server/ai/offline/speech/decoder-output.ts'
import { decoderProgram } from '#server/ai/offline/speech/decoder-program.ts'
import { decoderMessage } from '#server/ai/offline/speech/decoder-process.ts'
import { createPocketSphinxRecognizer } from '#server/ai/offline/speech/pocketsphinx.ts'
import { resample } from '#server/ai/offline/speech/resample.ts'
import { transcriptConfidence } from '#server/ai/offline/speech/transcript-confidence.ts'
import { encodePcm16, encodeWav16, parseWav, wavOfPcm16 } from '#server/ai/offline/speech/wav.ts'

const run = promisify(execFile)
const phrase = 'Tell me about hash tables and hash functions.'
const recognizer = createPocketSphinxRecognizer()
let folder: string
let speech: Uint8Array

beforeAll(async () => {
  const installed = await run('espeak-ng', ['--version']).then(
    () => true,
    () => false,
  )
  if (!installed) throw new Error('espeak-ng is not installed: run `apt-get install -y espeak-ng` (CI installs it).')
  if (!(await recognizer.isAvailable())) {
    throw new Error(
      'PocketSphinx is not installed: run `apt-get install -y python3-pocketsphinx pocketsphinx-en-us` (CI installs it).',
    )
  }
  folder = await mkdtemp(join(tmpdir(), 'ih-stt-test-'))
  const file = join(folder, 'question.wav')
  await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', file, phrase])
  speech = await readFile(file)
})

afterAll(async () => {
  await recognizer.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe('PocketSphinx recognizer', () => {
  it("transcribes espeak-ng's 22 kHz speech after converting it to 16 kHz", async () => {
    expect(parseWav(speech).sampleRate).toBe(22_050)
    const result = await recognizer.transcribe(speech)
    console.info(`PocketSphinx: "${result.text}" in ${result.latencyMs} ms`)

    expect(result).toMatchObject({ provider: 'pocketsphinx', model: 'en-us' })
    expect(result.text).toMatch(/\bhash\b/)
    expect(result.text).toMatch(/\btables?\b/)
  })

  it('reads 44.1 kHz stereo float WAV as well', async () => {
    const mono = resample(parseWav(speech), 44_100)
    const result = await recognizer.transcribe(stereoFloatWav(mono.samples, 44_100))
    expect(result.text).toMatch(/\bhash\b/)
  })

  it('rejects audio that is not WAV, saying which formats it accepts', async () => {
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(60).fill(0)])
    const error = await recognizer.transcribe(webm).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UnsupportedMediaError)
    expect((error as Error).message).toMatch(/not a WAV file \(it looks like WebM\/Matroska\)/)
    expect((error as Error).message).toMatch(/accepts WAV only/)
  })

  it('enforces its size limit and time limit, and leaves no temporary files', async () => {
    const before = await decoderFolders()
    const small = createPocketSphinxRecognizer({ maxBytes: 1_000 })
    await expect(small.transcribe(speech)).rejects.toBeInstanceOf(MediaTooLargeError)

    const impatient = createPocketSphinxRecognizer({ timeoutMs: 1 })
    const error = await impatient.transcribe(speech).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerFailedError)
    expect((error as RecognizerFailedError).timedOut).toBe(true)
    await Promise.all([small.close(), impatient.close()])
    expect(await decoderFolders()).toEqual(before)
  })

  it('hears a clip as pocketsphinx_continuous does, whatever the decoder heard before it', async () => {
    const decoder = createPocketSphinxRecognizer({ maxConcurrent: 1 })
    try {
      const heard = async (audio: Uint8Array) => {
        const { text, confidence } = await decoder.transcribe(audio)
        return { text, confidence }
      }
      const first = await heard(speech)
      const other = join(folder, 'other.wav')
      await run('espeak-ng', [
        '-v',
        'en-us+klatt',
        '-s',
        '160',
        '-w',
        other,
        'Explain the difference between a process and a thread.',
      ])
      expect((await heard(await readFile(other))).text).not.toBe(first.text)
      expect([await heard(speech), await heard(speech), await heard(speech)]).toEqual([first, first, first])

      // The per-clip program, which loads the model for every clip, on the same 16 kHz samples.
      const clip = join(folder, 'question-16k.wav')
      await writeFile(clip, encodeWav16(resample(parseWav(speech), 16_000)))
      const model = '/usr/share/pocketsphinx/model/en-us'
      const { stdout } = await run('pocketsphinx_continuous', [
        ...['-infile', clip, '-hmm', join(model, 'en-us'), '-lm', join(model, 'en-us.lm.bin')],
        ...['-dict', join(model, 'cmudict-en-us.dict'), '-time', 'yes', '-logfn', '/dev/null'],
      ])
      const reference = parseDecoderOutput(stdout)
      expect(first).toEqual({ text: reference.text, confidence: transcriptConfidence(reference.words) })
    } finally {
      await decoder.close()
    }
  })

  it('hears an utterance fed while it is spoken as the whole clip, several utterances at once', async () => {
    const listener = createPocketSphinxRecognizer()
    try {
      // What the page sends: 16 kHz 16-bit samples, in blocks of whatever size the capture gives.
      const pcm = encodePcm16(resample(parseWav(speech), 16_000))
      const whole = await listener.transcribe(wavOfPcm16(pcm, 16_000))
      const streamed = async (caller: string, blockBytes: number) => {
        const stream = await listener.listen(caller)
        for (let at = 0; at < pcm.byteLength; at += blockBytes) {
          stream.feed(pcm.subarray(at, at + blockBytes))
          // Fed over time, as a page sends it: the decoder works on what it has meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        const { text, confidence } = await stream.end()
        return { text, confidence }
      }
      // Blocks smaller than, not a multiple of, and larger than the decoder's 4,096 bytes.
      const heard = await Promise.all([streamed('one', 1_000), streamed('two', 6_402), streamed('one', 16_000)])
      expect(whole.text).toMatch(/\bhash\b/)
      expect(heard).toEqual([0, 1, 2].map(() => ({ text: whole.text, confidence: whole.confidence })))
    } finally {
      await listener.close()
    }
  })

  it('bounds the utterances one person has open, drops one fed nothing for too long, and cancels them all on close', async () => {
    const listener = createPocketSphinxRecognizer({ openPerPerson: 1, idleMs: 200 })
    const pcm = encodePcm16(resample(parseWav(speech), 16_000))
    const first = await listener.listen('someone')
    await expect(listener.listen('someone')).rejects.toBeInstanceOf(QueueFullError)
    const other = await listener.listen('someone else')
    first.cancel()
    expect(() => first.feed(pcm)).toThrow(/cancelled/)
    const forgotten = await listener.listen('someone')
    forgotten.feed(pcm.subarray(0, 3_200))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(() => forgotten.feed(pcm)).toThrow(/fed nothing for 200 ms/)
    // Forgotten, it no longer counts against the person.
    const again = await listener.listen('someone')
    await listener.close()
    await expect(again.end()).rejects.toBeInstanceOf(RecognizerFailedError)
    await expect(other.end()).rejects.toBeInstanceOf(RecognizerFailedError)
    await expect(listener.listen('someone')).rejects.toBeInstanceOf(RecognizerFailedError)
  })

  it('stops decoding and leaves no process behind when the server goes (its standard input closes)', async () => {
    // A model folder of its own name, to find the decoder's processes by their command line.
    const model = join(folder, `model-${process.pid}`)
    await symlink('/usr/share/pocketsphinx/model/en-us', model)
    const decoder = spawn('/usr/bin/python3', [
      ...['-c', decoderProgram, '-hmm', join(model, 'en-us'), '-lm', join(model, 'en-us.lm.bin')],
      ...['-dict', join(model, 'cmudict-en-us.dict')],
    ])
    const closed = new Promise((resolve) => decoder.once('close', resolve))
    decoder.stderr.resume()
    const samples = encodePcm16(resample(parseWav(speech), 16_000))
    const lines = createInterface({ input: decoder.stdout })[Symbol.asyncIterator]()
    decoder.stdin.write(Buffer.concat([decoderMessage('O', 1, undefined), decoderMessage('F', 1, samples)]))
    decoder.stdin.write(decoderMessage('E', 1))
    expect(String((await lines.next()).value)).toMatch(/^\{"id": 1, "output": "[^"]*hash/)

    // The next utterance, and the end of the input while it is being decoded.
    decoder.stdin.end(Buffer.concat([decoderMessage('O', 2), decoderMessage('F', 2, samples), decoderMessage('E', 2)]))
    await closed
    expect(await processesUsing(model)).toEqual([])
  })

  it('says what to install or configure when PocketSphinx is missing', async () => {
    const missing = createPocketSphinxRecognizer({ searchPath: '/nonexistent' })
    expect(await missing.isAvailable()).toBe(false)
    const error = await missing.transcribe(speech).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RecognizerUnavailableError)
    expect((error as Error).message).toMatch(/apt-get install python3-pocketsphinx pocketsphinx-en-us/)
    expect((error as Error).message).toMatch(/AI_BASE_URL/)

    const noModel = createPocketSphinxRecognizer({ modelDir: '/nonexistent/model' })
    await expect(noModel.transcribe(speech)).rejects.toThrow(
      /US English model was not found \(looked in \/nonexistent\/model\)/,
    )
  })
})

/** The processes whose command line names `path`. */
async function processesUsing(path: string): Promise<string[]> {
  const found: string[] = []
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
    if (commandLine.includes(path)) found.push(pid)
  }
  return found
}

async function decoderFolders() {
  return (await readdir(tmpdir()))
    .filter((name) => name.startsWith('ih-stt-') && !name.startsWith('ih-stt-test-'))
    .sort()
}

/** A two-channel 32-bit IEEE float WAV of the same signal on both channels. */
function stereoFloatWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = Buffer.alloc(44 + samples.length * 8)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(36 + samples.length * 8, 4)
  bytes.write('WAVEfmt ', 8, 'latin1')
  bytes.writeUInt32LE(16, 16)
  bytes.writeUInt16LE(3, 20)
  bytes.writeUInt16LE(2, 22)
  bytes.writeUInt32LE(sampleRate, 24)
  bytes.writeUInt32LE(sampleRate * 8, 28)
  bytes.writeUInt16LE(8, 32)
  bytes.writeUInt16LE(32, 34)
  bytes.write('data', 36, 'latin1')
  bytes.writeUInt32LE(samples.length * 8, 40)
  samples.forEach((sample, index) => {
    bytes.writeFloatLE(sample, 44 + index * 8)
    bytes.writeFloatLE(sample, 48 + index * 8)
  })
  return bytes
}

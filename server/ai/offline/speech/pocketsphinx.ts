/**
 * Offline speech-to-text with CMU PocketSphinx, as Debian packages it (`pocketsphinx` 0.8 with
 * `pocketsphinx_batch`, and the US English model of `pocketsphinx-en-us`). The input WAV is
 * converted here to what the model expects (16 kHz, mono, 16-bit), then decoded by a long-lived
 * decoder that keeps its models loaded (decision 0110), with a time limit.
 */
import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'
import { MediaTooLargeError, RecognizerUnavailableError } from '#server/ai/recognizer-errors.ts'
import type { DecoderOutput } from './decoder-output.ts'
import { createDecoderPool } from './decoder-pool.ts'
import { DecoderStoppedError, startDecoder, type Decoder, type DecoderProgram } from './decoder-process.ts'
import { resample } from './resample.ts'
import { transcriptConfidence } from './transcript-confidence.ts'
import { encodeWav16, parseWav } from './wav.ts'
import { maxWaitingPerPerson } from '#rules/media-limits.ts'
import { isWav, readWavHeader } from '#server/ai/wav-header.ts'

export type PocketSphinxOptions = {
  /** Program to run; default: `pocketsphinx_batch` found on PATH. */
  binary?: string
  /** Folder with the acoustic model `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string
  timeoutMs?: number
  /** Largest accepted WAV file. */
  maxBytes?: number
  /** Longest accepted recording. */
  maxSeconds?: number
  /** Decoders running at once, each a long-lived process holding the model (~100 MB) and using one core. */
  maxConcurrent?: number
  /** Where to look for the program; default: process PATH. */
  searchPath?: string
}

const recognizer = 'pocketsphinx'
const program = 'pocketsphinx_batch'
const modelRate = 16_000
const defaultModelDirs = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us']
const installHint =
  'Install it with `apt-get install pocketsphinx pocketsphinx-en-us` (Debian/Ubuntu), or set AI_BASE_URL (with AI_API_KEY and AI_TRANSCRIPTION_MODEL) to transcribe with an AI provider instead.'

export type PocketSphinxRecognizer = {
  /** Whether the program and the model are installed (checked once, then remembered). */
  isAvailable(): Promise<boolean>
  /** Transcribes WAV audio, sharing the decoders fairly between callers; rejects with the errors of `recognizer-errors.ts`. */
  transcribe(wav: Uint8Array, caller?: string): Promise<TranscriptionResult>
  /** Stops the decoders (they hold their models until then); a later `transcribe` is refused. */
  close(): Promise<void>
}

export function createPocketSphinxRecognizer(options: PocketSphinxOptions = {}): PocketSphinxRecognizer {
  const timeoutMs = options.timeoutMs ?? 60_000
  const maxBytes = options.maxBytes ?? 25 * 1024 * 1024
  const maxSeconds = options.maxSeconds ?? 300
  // One recognition per person at a time: the other slot stays free for someone else.
  const limit = createConcurrencyLimit(options.maxConcurrent ?? 2, {
    perPerson: 1,
    waitingPerPerson: maxWaitingPerPerson,
  })
  let installation: Promise<DecoderProgram | string> | undefined
  const detect = () => (installation ??= findInstallation(options))
  const decoders = createDecoderPool<Decoder>(async () => {
    const found = await detect()
    if (typeof found === 'string') throw new RecognizerUnavailableError(recognizer, found)
    return startDecoder(found)
  }, recognizer)

  /** A decoder that died before it began the clip (between two clips) was not the clip's fault: one more try. */
  async function decode(wav16k: Uint8Array): Promise<DecoderOutput> {
    const once = () => decoders.use((decoder) => decoder.decode(wav16k, timeoutMs))
    try {
      return await once()
    } catch (error) {
      if (error instanceof DecoderStoppedError && !error.clipStarted) return once()
      throw error
    }
  }

  async function transcribe(wav: Uint8Array, caller?: string): Promise<TranscriptionResult> {
    const found = await detect()
    if (typeof found === 'string') throw new RecognizerUnavailableError(recognizer, found)
    if (wav.byteLength > maxBytes) {
      throw new MediaTooLargeError(
        `The audio is ${wav.byteLength} bytes; the offline recognizer accepts at most ${maxBytes} bytes.`,
        `${maxBytes} bytes`,
      )
    }
    // The length comes from the header: a recording that is too long is refused before it is decoded.
    const { seconds } = isWav(wav) ? readWavHeader(wav) : { seconds: 0 }
    if (seconds > maxSeconds) {
      throw new MediaTooLargeError(
        `The audio lasts ${seconds.toFixed(1)} s; the offline recognizer accepts at most ${maxSeconds} s.`,
        `${maxSeconds} s`,
      )
    }
    const started = performance.now()
    // Decoded once its turn comes, so a recording waiting in line holds its bytes, not its samples.
    const output = await limit(() => decode(encodeWav16(resample(parseWav(wav), modelRate))), caller)
    return {
      text: output.text,
      confidence: transcriptConfidence(output.words),
      provider: recognizer,
      model: 'en-us',
      latencyMs: Math.round(performance.now() - started),
    }
  }

  return {
    isAvailable: async () => typeof (await detect()) !== 'string',
    transcribe,
    close: () => decoders.close(),
  }
}

/** The installation, or a message saying what is missing and how to fix it. */
async function findInstallation(options: PocketSphinxOptions): Promise<DecoderProgram | string> {
  const binary = options.binary ?? (await findOnPath(program, options.searchPath ?? process.env.PATH ?? ''))
  if (!binary || !(await canRun(binary))) {
    return `Offline speech recognition is not available: ${options.binary ?? program} was not found${options.binary ? '' : ' on PATH'}. ${installHint}`
  }
  for (const dir of options.modelDir ? [options.modelDir] : defaultModelDirs) {
    const model = { hmm: join(dir, 'en-us'), lm: join(dir, 'en-us.lm.bin'), dict: join(dir, 'cmudict-en-us.dict') }
    const present = await Promise.all([join(model.hmm, 'mdef'), model.lm, model.dict].map(isReadable))
    if (present.every(Boolean)) return { binary, ...model }
  }
  const looked = (options.modelDir ? [options.modelDir] : defaultModelDirs).join(', ')
  return `Offline speech recognition is not available: the PocketSphinx US English model was not found (looked in ${looked}). ${installHint}`
}

async function findOnPath(name: string, searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name)
    if (await canRun(candidate)) return candidate
  }
  return undefined
}

const canRun = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  )
const isReadable = (path: string) =>
  access(path, constants.R_OK).then(
    () => true,
    () => false,
  )

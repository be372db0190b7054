/**
 * Offline speech-to-text with CMU PocketSphinx, as Debian packages it (`pocketsphinx` 0.8 with
 * `pocketsphinx_continuous`, and the US English model of `pocketsphinx-en-us`). The input WAV is
 * converted here to what the model expects (16 kHz, mono, 16-bit), then decoded by the program in
 * a child process with a time limit.
 */
import { constants } from 'node:fs'
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { createConcurrencyLimit } from '#server/ai/concurrency-limit.ts'
import { MediaTooLargeError, RecognizerFailedError, RecognizerUnavailableError } from '#server/ai/recognizer-errors.ts'
import { parseDecoderOutput, type DecoderOutput } from './decoder-output.ts'
import { resample } from './resample.ts'
import { transcriptConfidence } from './transcript-confidence.ts'
import { runCommand } from './run-command.ts'
import { encodeWav16, parseWav } from './wav.ts'
import { maxWaitingPerPerson } from '#rules/media-limits.ts'
import { isWav, readWavHeader } from '#server/ai/wav-header.ts'

export type PocketSphinxOptions = {
  /** Program to run; default: `pocketsphinx_continuous` found on PATH. */
  binary?: string
  /** Folder with the acoustic model `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string
  timeoutMs?: number
  /** Largest accepted WAV file. */
  maxBytes?: number
  /** Longest accepted recording. */
  maxSeconds?: number
  /** Decoders running at once (each loads the model: ~100 MB and one core). */
  maxConcurrent?: number
  /** Where to look for the program; default: process PATH. */
  searchPath?: string
}

type Installation = { binary: string; hmm: string; lm: string; dict: string }

const recognizer = 'pocketsphinx'
const modelRate = 16_000
const defaultModelDirs = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us']
const installHint =
  'Install it with `apt-get install pocketsphinx pocketsphinx-en-us` (Debian/Ubuntu), or set AI_BASE_URL (with AI_API_KEY and AI_TRANSCRIPTION_MODEL) to transcribe with an AI provider instead.'

export type PocketSphinxRecognizer = {
  /** Whether the program and the model are installed (checked once, then remembered). */
  isAvailable(): Promise<boolean>
  /** Transcribes WAV audio, sharing the decoders fairly between callers; rejects with the errors of `recognizer-errors.ts`. */
  transcribe(wav: Uint8Array, caller?: string): Promise<TranscriptionResult>
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
  let installation: Promise<Installation | string> | undefined
  const detect = () => (installation ??= findInstallation(options))

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
    const output = await limit(() => decode(found, encodeWav16(resample(parseWav(wav), modelRate)), timeoutMs), caller)
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
  }
}

async function decode(installation: Installation, wav16k: Uint8Array, timeoutMs: number): Promise<DecoderOutput> {
  const folder = await mkdtemp(join(tmpdir(), 'ih-stt-'))
  try {
    const input = join(folder, 'audio.wav')
    const log = join(folder, 'decoder.log')
    await writeFile(input, wav16k)
    const result = await runCommand(
      installation.binary,
      // -time yes: each word with its lattice posterior, which the transcript's confidence is made of.
      [
        '-infile',
        input,
        '-hmm',
        installation.hmm,
        '-lm',
        installation.lm,
        '-dict',
        installation.dict,
        '-time',
        'yes',
        '-logfn',
        log,
      ],
      // A line per utterance and per word: well under a megabyte even for minutes of speech.
      { timeoutMs, maxOutputBytes: 1024 * 1024 },
    )
    if (!result.ok) {
      const tail = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter((line) => /ERROR|FATAL/.test(line))
      throw new RecognizerFailedError(
        recognizer,
        `PocketSphinx failed (${result.detail})${tail.length > 0 ? `: ${tail.slice(-3).join(' | ')}` : ''}`,
        result.reason === 'timeout',
      )
    }
    return parseDecoderOutput(result.stdout)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The installation, or a message saying what is missing and how to fix it. */
async function findInstallation(options: PocketSphinxOptions): Promise<Installation | string> {
  const binary =
    options.binary ?? (await findOnPath('pocketsphinx_continuous', options.searchPath ?? process.env.PATH ?? ''))
  if (!binary || !(await canRun(binary))) {
    return `Offline speech recognition is not available: ${options.binary ?? 'pocketsphinx_continuous'} was not found${options.binary ? '' : ' on PATH'}. ${installHint}`
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

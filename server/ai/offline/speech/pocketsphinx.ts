/**
 * Offline speech-to-text with CMU PocketSphinx, as Debian packages it (the library 0.8 / 5prealpha
 * with its Python binding `python3-pocketsphinx`, and the US English model of `pocketsphinx-en-us`).
 * The input WAV is converted here to what the model expects (16 kHz, mono, 16-bit), then decoded by
 * a long-lived decoder that keeps its models loaded (decision 0115), with a time limit. An
 * utterance can also be decoded while it is spoken (`listen`, decision 0121): its samples go to
 * the decoder as they come, so that at its end only the tail is left to decode.
 */
import { execFile } from 'node:child_process'
import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import type { TranscriptionResult } from '#server/ai/ai-schemas.ts'
import { createConcurrencyLimit, QueueFullError } from '#server/ai/concurrency-limit.ts'
import { MediaTooLargeError, RecognizerFailedError, RecognizerUnavailableError } from '#server/ai/recognizer-errors.ts'
import type { DecoderOutput } from './decoder-output.ts'
import { createDecoderPool } from './decoder-pool.ts'
import { DecoderStoppedError, startDecoder, type Decoder, type DecoderCommand } from './decoder-process.ts'
import { decoderProgram } from './decoder-program.ts'
import { resample } from './resample.ts'
import { transcriptConfidence } from './transcript-confidence.ts'
import { encodePcm16, parseWav, readPcm16 } from './wav.ts'
import { maxWaitingPerPerson } from '#rules/media-limits.ts'
import { isWav, readWavHeader } from '#server/ai/wav-header.ts'

export type PocketSphinxOptions = {
  /**
   * Program started as a decoder, given the model as `-hmm … -lm … -dict …` (decoder-program.ts
   * says what it reads and writes); default: `python3 -c <decoder-program.ts>` with the first
   * `python3` on the search path that has the PocketSphinx binding.
   */
  binary?: string
  /** Folder with the acoustic model `en-us/`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string
  timeoutMs?: number
  /** Largest accepted WAV file. */
  maxBytes?: number
  /** Longest accepted recording. */
  maxSeconds?: number
  /** Decoders running at once (each holds the model: about 100 MB, and one core while it decodes). */
  maxConcurrent?: number
  /** Where to look for `python3`; default: process PATH. */
  searchPath?: string
  /** Utterances one person may have open at once (`listen`); default 2. */
  openPerPerson?: number
  /** Utterances open at once in all (each is a decoding child process); default 32. */
  maxOpen?: number
  /**
   * An open utterance fed nothing for this long is forgotten: cancelled; default 45 s, a safety net
   * behind the interview service's own 30 s (which drops it first and tells the page).
   */
  idleMs?: number
}

const recognizer = 'pocketsphinx'
const modelRate = 16_000
const defaultModelDirs = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us']
const installHint =
  'Install it with `apt-get install python3-pocketsphinx pocketsphinx-en-us` (Debian/Ubuntu), or set AI_BASE_URL (with AI_API_KEY and AI_TRANSCRIPTION_MODEL) to transcribe with an AI provider instead.'
const run = promisify(execFile)

export type PocketSphinxRecognizer = {
  /** Whether the program and the model are installed (checked once, then remembered). */
  isAvailable(): Promise<boolean>
  /** Transcribes WAV audio, sharing the decoders fairly between callers; rejects with the errors of `recognizer-errors.ts`. */
  transcribe(wav: Uint8Array, caller?: string): Promise<TranscriptionResult>
  /**
   * Opens an utterance decoded while it is spoken; refused with QueueFullError when the person
   * already has `openPerPerson` open, or when `maxOpen` are open in all.
   */
  listen(caller: string): Promise<SpeechStream>
  /** Stops the decoders and cancels every open utterance; a later `transcribe` or `listen` is refused. */
  close(): Promise<void>
}

/** An utterance being decoded while it is spoken. */
type SpeechStream = {
  /**
   * More of it: 16 kHz mono 16-bit little-endian samples, in order, an even number of bytes.
   * Throws MediaTooLargeError past the longest accepted recording (the utterance is cancelled),
   * RecognizerFailedError once it has ended, been cancelled or forgotten.
   */
  feed(samples: Uint8Array): void
  /** No more samples: the words, as `transcribe` gives them for the same samples. */
  end(): Promise<TranscriptionResult>
  /** Drops it: decoding stops, its samples are let go. */
  cancel(): void
  /** Seconds of audio fed so far. */
  readonly seconds: number
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
  let installation: Promise<DecoderCommand | string> | undefined
  const detect = () => (installation ??= findInstallation(options))
  const decoders = createDecoderPool<Decoder>(async () => {
    const found = await detect()
    if (typeof found === 'string') throw new RecognizerUnavailableError(recognizer, found)
    return startDecoder(found)
  }, recognizer)

  /**
   * A decoder whose process died with the clip in hand (killed, or gone between two clips before
   * the clip reached it) gets one more try on a new one; a clip the decoder itself failed on does not.
   */
  async function decode(samples: Uint8Array): Promise<DecoderOutput> {
    const once = () => decoders.use((decoder) => decoder.decode(samples, timeoutMs))
    try {
      return await once()
    } catch (error) {
      if (error instanceof DecoderStoppedError) return once()
      throw error
    }
  }

  // Utterances decoded while spoken share one decoder process per model: each is a child of its
  // own there, so they need no slot each, only a bound on how many are open.
  let streaming: Decoder | undefined
  let closed = false
  const openOf = new Map<string, number>()
  let openInAll = 0
  const openPerPerson = options.openPerPerson ?? 2
  const maxOpen = options.maxOpen ?? 32
  const idleMs = options.idleMs ?? 45_000
  const cancelOnClose = new Set<() => void>()

  /** Gives back a place `listen` reserved for the person. */
  function giveBack(caller: string): void {
    openInAll -= 1
    const left = (openOf.get(caller) ?? 1) - 1
    if (left > 0) openOf.set(caller, left)
    else openOf.delete(caller)
  }

  async function streamingDecoder(): Promise<Decoder> {
    const found = await detect()
    if (typeof found === 'string') throw new RecognizerUnavailableError(recognizer, found)
    if (!streaming?.running) streaming = startDecoder(found)
    return streaming
  }

  async function listen(caller: string): Promise<SpeechStream> {
    if (closed) throw new RecognizerFailedError(recognizer, 'The speech decoders have been shut down.')
    const mine = openOf.get(caller) ?? 0
    if (mine >= openPerPerson || openInAll >= maxOpen) throw new QueueFullError(openPerPerson, mine)
    // Reserved before the decoder is awaited, so that parallel opens each count the others; given
    // back when the open fails.
    openOf.set(caller, mine + 1)
    openInAll += 1
    let utterance: ReturnType<Decoder['open']>
    try {
      utterance = (await streamingDecoder()).open()
    } catch (error) {
      giveBack(caller)
      throw error
    }
    // Kept for a second decode of the whole clip should the streaming decoder die with it.
    const kept: Uint8Array[] = []
    let bytes = 0
    let state: 'open' | 'ended' | 'cancelled' | 'forgotten' = 'open'
    let idle = idleTimer()

    function idleTimer(): ReturnType<typeof setTimeout> {
      const timer = setTimeout(() => drop('forgotten'), idleMs)
      // A forgotten utterance does not keep the server's process alive.
      timer.unref()
      return timer
    }
    function release(next: typeof state): void {
      if (state !== 'open') return
      state = next
      clearTimeout(idle)
      cancelOnClose.delete(cancel)
      giveBack(caller)
    }
    function drop(next: 'cancelled' | 'forgotten'): void {
      if (state !== 'open') return
      release(next)
      utterance.cancel()
      kept.length = 0
    }
    const cancel = () => drop('cancelled')
    cancelOnClose.add(cancel)
    const notOpen = () =>
      new RecognizerFailedError(
        recognizer,
        state === 'forgotten'
          ? `The utterance was fed nothing for ${idleMs} ms and was dropped.`
          : `The utterance has already ${state === 'ended' ? 'ended' : 'been cancelled'}.`,
      )

    return {
      feed(samples) {
        if (state !== 'open') throw notOpen()
        if ((bytes + samples.byteLength) / 2 / modelRate > maxSeconds) {
          cancel()
          throw new MediaTooLargeError(
            `The utterance is longer than the ${maxSeconds} s the offline recognizer accepts.`,
            `${maxSeconds} s`,
          )
        }
        clearTimeout(idle)
        idle = idleTimer()
        // Converted as `transcribe` converts a 16 kHz 16-bit WAV file, so the decoder hears the same samples.
        const converted = encodePcm16(readPcm16(samples, modelRate))
        kept.push(converted)
        bytes += converted.byteLength
        utterance.feed(converted)
      },
      async end() {
        if (state !== 'open') throw notOpen()
        release('ended')
        const ended = performance.now()
        let output: DecoderOutput
        try {
          output = await utterance.end(timeoutMs)
        } catch (error) {
          // The process died with it (not a failure on these samples): decoded again as a whole clip.
          if (!(error instanceof DecoderStoppedError) || closed) throw error
          output = await limit(() => decode(Buffer.concat(kept)), caller)
        } finally {
          kept.length = 0
        }
        return heard(output, ended)
      },
      cancel,
      get seconds() {
        return bytes / 2 / modelRate
      },
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
    const output = await limit(() => decode(encodePcm16(resample(parseWav(wav), modelRate))), caller)
    return heard(output, started)
  }

  return {
    isAvailable: async () => typeof (await detect()) !== 'string',
    transcribe,
    listen,
    async close() {
      closed = true
      for (const cancel of [...cancelOnClose]) cancel()
      await Promise.all([decoders.close(), streaming?.stop()])
    },
  }
}

/** What the decoder heard, as both ways of decoding give it. */
function heard(output: DecoderOutput, started: number): TranscriptionResult {
  return {
    text: output.text,
    confidence: transcriptConfidence(output.words),
    provider: recognizer,
    model: 'en-us',
    latencyMs: Math.round(performance.now() - started),
  }
}

/** The command that starts a decoder, or a message saying what is missing and how to fix it. */
async function findInstallation(options: PocketSphinxOptions): Promise<DecoderCommand | string> {
  const program = options.binary ?? (await findPython(options.searchPath ?? process.env.PATH ?? ''))
  if (!program || !(await canRun(program))) {
    return `Offline speech recognition is not available: ${options.binary ?? 'python3 with the PocketSphinx binding'} was not found${options.binary ? '' : ' on PATH'}. ${installHint}`
  }
  for (const dir of options.modelDir ? [options.modelDir] : defaultModelDirs) {
    const model = { hmm: join(dir, 'en-us'), lm: join(dir, 'en-us.lm.bin'), dict: join(dir, 'cmudict-en-us.dict') }
    const present = await Promise.all([join(model.hmm, 'mdef'), model.lm, model.dict].map(isReadable))
    if (!present.every(Boolean)) continue
    const modelArgs = ['-hmm', model.hmm, '-lm', model.lm, '-dict', model.dict]
    return { program, args: options.binary ? modelArgs : ['-c', decoderProgram, ...modelArgs] }
  }
  const looked = (options.modelDir ? [options.modelDir] : defaultModelDirs).join(', ')
  return `Offline speech recognition is not available: the PocketSphinx US English model was not found (looked in ${looked}). ${installHint}`
}

/** Debian's binding is installed for Debian's python3 only, which need not come first on PATH. */
async function findPython(searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'python3')
    if (!(await canRun(candidate))) continue
    const imports = await run(candidate, ['-c', 'import pocketsphinx'], { timeout: 30_000 }).then(
      () => true,
      () => false,
    )
    if (imports) return candidate
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

/**
 * One long-lived PocketSphinx decoder: Debian's `pocketsphinx_batch` (0.8 / 5prealpha) loads the
 * acoustic model, the dictionary and the language model once, then decodes the clips named in its
 * control file one line at a time, for as long as the file stays open. The control file is a named
 * pipe this process holds open, so the program waits for the next clip instead of ending; each clip
 * is a file in the decoder's own folder. The program prints its results only to files it buffers
 * or to its log, so the words are read from the log, which it writes at once: with
 * `-backtrace yes` it logs the best path with each word's lattice posterior (decision 0110).
 */
import { execFile, spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { mkdtemp, open, rm, writeFile, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'
import { parseDecoderOutput, type DecoderOutput } from './decoder-output.ts'

export type DecoderProgram = { binary: string; hmm: string; lm: string; dict: string }

export type Decoder = {
  /** Decodes a 16 kHz mono 16-bit WAV (44-byte header); one clip at a time. */
  decode(wav16k: Uint8Array, timeoutMs: number): Promise<DecoderOutput>
  /** Kills the program and removes its folder; resolves once both are done. */
  stop(): Promise<void>
  /** False once the program has exited or is being stopped. */
  readonly running: boolean
}

/** The decoder exited while a clip was waiting for it; `clipStarted` says whether it had begun that clip. */
export class DecoderStoppedError extends RecognizerFailedError {
  readonly clipStarted: boolean

  constructor(message: string, clipStarted: boolean) {
    super(recognizer, message)
    this.clipStarted = clipStarted
  }
}

const recognizer = 'pocketsphinx'
const run = promisify(execFile)
/** Log lines kept to explain a failure. */
const errorLinesKept = 3

type Pending = {
  clip: string
  file: string
  started: boolean
  lines: string[]
  settle(result: { output: DecoderOutput } | { error: Error }): void
}

export async function startDecoder(program: DecoderProgram): Promise<Decoder> {
  const folder = await mkdtemp(join(tmpdir(), 'ih-stt-'))
  let control: FileHandle
  try {
    const controlPath = join(folder, 'clips.ctl')
    await run('mkfifo', ['-m', '600', controlPath])
    // Read and write: opening a named pipe this way never waits for the other end (Linux), and
    // while it is open the program never reads the end of its control file.
    control = await open(controlPath, constants.O_RDWR)
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw new RecognizerFailedError(
      recognizer,
      `The speech decoder could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const child = spawn(
    program.binary,
    [
      ...['-ctl', join(folder, 'clips.ctl'), '-cepdir', folder, '-cepext', '.wav'],
      // The clips are WAV files: their 44-byte header is skipped, the samples read as they are.
      ...['-adcin', 'yes', '-adchdr', '44'],
      ...['-hmm', program.hmm, '-lm', program.lm, '-dict', program.dict],
      // The best path with each word's posterior, which the transcript's confidence is made of.
      ...['-backtrace', 'yes'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true },
  )
  // An idle decoder does not keep the server alive; a pending clip's time limit does.
  child.unref()
  // The log is a socket: without this it would keep the event loop alive all the same.
  if (child.stderr instanceof Socket) child.stderr.unref()

  let running = true
  let pending: Pending | undefined
  let clips = 0
  const errors: string[] = []
  let stopping: Promise<void> | undefined
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message))
    child.once('exit', (code, signal) => resolve(code === null ? `signal ${String(signal)}` : `exit code ${code}`))
  })

  const explained = (message: string) => (errors.length > 0 ? `${message}: ${errors.join(' | ')}` : message)

  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
    if (/^(?:ERROR|FATAL)/.test(line)) errors.splice(0, errors.length, ...[...errors, line].slice(-errorLinesKept))
    const clip = pending
    if (!clip) return
    if (!clip.started) {
      clip.started = line.endsWith(`Decoding '${clip.clip}'`)
      return
    }
    if (line.startsWith(`${clip.clip} done `)) {
      clip.settle({ output: parseDecoderOutput(clip.lines, clip.clip) })
      return
    }
    // The program skips a clip it cannot read, with only this line to say so.
    if (line.startsWith('ERROR') && line.includes(clip.file)) {
      clip.settle({ error: new RecognizerFailedError(recognizer, `PocketSphinx could not read the clip: ${line}`) })
      return
    }
    // The word lines and the hypothesis have no level prefix; the rest is the program's progress.
    if (!/^(?:INFO|WARN|ERROR|FATAL)/.test(line)) clip.lines.push(line)
  })

  void exited.then(async (how) => {
    running = false
    pending?.settle({
      error: new DecoderStoppedError(
        explained(`The speech decoder stopped (${how}); the next recording starts a new one`),
        pending.started,
      ),
    })
    await cleanUp()
  })

  async function cleanUp(): Promise<void> {
    await control.close().catch(() => undefined)
    await rm(folder, { recursive: true, force: true })
  }

  function stop(): Promise<void> {
    running = false
    stopping ??= (async () => {
      // Waiting for the exit keeps the event loop alive until the program is gone.
      child.ref()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
      await cleanUp()
    })()
    return stopping
  }

  async function decode(wav16k: Uint8Array, timeoutMs: number): Promise<DecoderOutput> {
    if (pending) throw new RecognizerFailedError(recognizer, 'The speech decoder is busy with another clip.')
    // Stopped between two clips: the clip was never handed over.
    const gone = (why: string) => new DecoderStoppedError(`The speech decoder had stopped: ${why}`, false)
    if (!running) throw gone('before the clip came')
    clips += 1
    errors.length = 0
    const clip = `clip${clips}`
    const file = join(folder, `${clip}.wav`)
    await writeFile(file, wav16k).catch((error: unknown) => {
      throw running ? error : gone(String(error))
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      return await new Promise<DecoderOutput>((resolve, reject) => {
        pending = {
          clip,
          file,
          started: false,
          lines: [],
          settle(result) {
            if (pending?.clip !== clip) return
            pending = undefined
            if ('output' in result) resolve(result.output)
            else reject(result.error)
          },
        }
        const current = pending
        timer = setTimeout(() => {
          // A decoder past its time limit may be stuck: it is killed (and its folder removed before
          // the caller hears of it), and the next clip starts a new one.
          pending = undefined
          void stop().then(() =>
            reject(new RecognizerFailedError(recognizer, `PocketSphinx gave no result within ${timeoutMs} ms`, true)),
          )
        }, timeoutMs)
        control.write(`${clip}\n`).catch((error: unknown) => {
          current.settle({ error: gone(String(error)) })
        })
      })
    } finally {
      clearTimeout(timer)
      await rm(file, { force: true })
    }
  }

  return {
    decode,
    stop,
    get running() {
      return running
    },
  }
}

/**
 * One long-lived speech decoder process (decisions 0115 and 0121): started with its models, then
 * handed utterances on its standard input, several at once, each fed as its samples come; each
 * result is a JSON line on its standard output (decoder-program.ts describes the protocol). A whole
 * clip is an utterance opened, fed once and ended.
 */
import { spawn } from 'node:child_process'
import { Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'
import { parseDecoderOutput, type DecoderOutput } from './decoder-output.ts'

/** The program and arguments that start a decoder with its models loaded. */
export type DecoderCommand = { program: string; args: readonly string[] }

/** One utterance being decoded while its samples come. */
type DecoderUtterance = {
  /** More 16 kHz mono 16-bit little-endian samples, in order; ignored once ended or cancelled. */
  feed(samples: Uint8Array): void
  /**
   * No more samples: resolves with the words once the rest is decoded. Past `timeoutMs` the
   * utterance is cancelled and the promise rejects with the timed-out error.
   */
  end(timeoutMs: number): Promise<DecoderOutput>
  /** Stops decoding it; its `end`, if called, rejects. */
  cancel(): void
}

export type Decoder = {
  /** Opens an utterance decoded in a child of its own while its samples come. */
  open(): DecoderUtterance
  /**
   * Decodes a whole clip (an utterance opened, fed once, ended). Past `timeoutMs` the process
   * may be stuck: it is killed, and the next clip starts a new one.
   */
  decode(samples: Uint8Array, timeoutMs: number): Promise<DecoderOutput>
  /** Kills the process; resolves once it has exited. */
  stop(): Promise<void>
  /** False once the process has exited or is being stopped. */
  readonly running: boolean
}

/** The process itself exited while an utterance was waiting for it (not one the decoder failed on). */
export class DecoderStoppedError extends RecognizerFailedError {}

const recognizer = 'pocketsphinx'
/** Log lines kept to explain a failure. */
const errorLinesKept = 3
const replySchema = z.union([
  z.object({ id: z.number().int(), output: z.string() }),
  z.object({ id: z.number().int(), error: z.string() }),
])
/** The largest utterance number the protocol carries (4 bytes). */
const maxNumber = 0xffff_ffff

type Outcome = { output: DecoderOutput } | { error: Error }
type Open = { outcome?: Outcome; settle?: (outcome: Outcome) => void }

/** A message of the protocol: its kind, the utterance's number, its bytes. */
export function decoderMessage(kind: 'O' | 'F' | 'E' | 'C', number: number, payload?: Uint8Array): Buffer {
  const header = Buffer.alloc(9)
  header.write(kind, 0, 'ascii')
  header.writeUInt32BE(number, 1)
  header.writeUInt32BE(payload?.byteLength ?? 0, 5)
  return payload ? Buffer.concat([header, payload]) : header
}

export function startDecoder(command: DecoderCommand): Decoder {
  const child = spawn(command.program, command.args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true })
  // An idle decoder does not keep the server alive (a pending utterance's time limit does); its
  // pipes are sockets, which would keep the event loop alive all the same.
  child.unref()
  for (const stream of [child.stdin, child.stdout, child.stderr]) if (stream instanceof Socket) stream.unref()
  // Writing to a decoder that has just died fails here; its exit settles the utterances.
  child.stdin.on('error', () => undefined)

  let running = true
  let nextNumber = 1
  const open = new Map<number, Open>()
  const errors: string[] = []
  let stopping: Promise<void> | undefined
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message))
    // Once its pipes have closed too: by then every line it wrote, its last log lines among them, has been read.
    child.once('close', (code, signal) => resolve(code === null ? `signal ${String(signal)}` : `exit code ${code}`))
  })
  const explained = (message: string) => (errors.length > 0 ? `${message}: ${errors.join(' | ')}` : message)

  function settle(number: number, outcome: Outcome): void {
    const waiting = open.get(number)
    if (!waiting) return
    if (waiting.settle) {
      open.delete(number)
      waiting.settle(outcome)
    } else {
      // Failed before its end: the outcome waits for `end`.
      waiting.outcome = outcome
    }
  }

  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
    if (/^(?:ERROR|FATAL)|^\w*Error\b/.test(line))
      errors.splice(0, errors.length, ...[...errors, line].slice(-errorLinesKept))
  })
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    const reply = replySchema.safeParse(parseJson(line))
    if (!reply.success) {
      const error = new RecognizerFailedError(recognizer, `The speech decoder answered: ${line.slice(0, 200)}`)
      for (const number of [...open.keys()]) settle(number, { error })
    } else if ('output' in reply.data) {
      settle(reply.data.id, { output: parseDecoderOutput(reply.data.output) })
    } else {
      settle(reply.data.id, { error: new RecognizerFailedError(recognizer, reply.data.error) })
    }
  })

  void exited.then((how) => {
    running = false
    const error = new DecoderStoppedError(
      recognizer,
      explained(`The speech decoder stopped (${how}); the next recording starts a new one`),
    )
    for (const number of [...open.keys()]) settle(number, { error })
  })

  function stop(): Promise<void> {
    running = false
    stopping ??= (async () => {
      // Waiting for the exit keeps the event loop alive until the process is gone.
      child.ref()
      child.stdin.end()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    })()
    return stopping
  }

  const send = (message: Buffer) => {
    if (running) child.stdin.write(message)
  }

  function openUtterance(): DecoderUtterance {
    const number = nextNumber
    nextNumber = nextNumber === maxNumber ? 1 : nextNumber + 1
    const state: Open = running
      ? {}
      : {
          outcome: {
            error: new DecoderStoppedError(recognizer, 'The speech decoder had stopped before the clip came'),
          },
        }
    open.set(number, state)
    send(decoderMessage('O', number))
    let ended = false
    return {
      feed(samples) {
        if (!ended && samples.byteLength > 0 && open.has(number)) send(decoderMessage('F', number, samples))
      },
      end(timeoutMs) {
        if (ended) return Promise.reject(new RecognizerFailedError(recognizer, 'The utterance had already ended.'))
        ended = true
        if (state.outcome) {
          open.delete(number)
          const { outcome } = state
          return 'output' in outcome ? Promise.resolve(outcome.output) : Promise.reject(outcome.error)
        }
        if (!open.has(number))
          return Promise.reject(new RecognizerFailedError(recognizer, 'The utterance had been cancelled.'))
        errors.length = 0
        return new Promise<DecoderOutput>((resolve, reject) => {
          const timer = setTimeout(() => {
            open.delete(number)
            send(decoderMessage('C', number))
            reject(new RecognizerFailedError(recognizer, `PocketSphinx gave no result within ${timeoutMs} ms`, true))
          }, timeoutMs)
          state.settle = (outcome) => {
            clearTimeout(timer)
            if ('output' in outcome) resolve(outcome.output)
            else reject(outcome.error)
          }
          send(decoderMessage('E', number))
        })
      },
      cancel() {
        ended = true
        if (open.delete(number)) send(decoderMessage('C', number))
      },
    }
  }

  async function decode(samples: Uint8Array, timeoutMs: number): Promise<DecoderOutput> {
    const utterance = openUtterance()
    utterance.feed(samples)
    try {
      return await utterance.end(timeoutMs)
    } catch (error) {
      // A decoder past its time limit may be stuck: it is killed before the caller hears of it.
      if (error instanceof RecognizerFailedError && error.timedOut) await stop()
      throw error
    }
  }

  return {
    open: openUtterance,
    decode,
    stop,
    get running() {
      return running
    },
  }
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

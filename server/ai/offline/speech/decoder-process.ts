/**
 * One long-lived speech decoder process (decision 0115): started with its models, then handed one
 * clip at a time on its standard input; each result is a JSON line on its standard output
 * (decoder-program.ts describes the protocol). A clip past its time limit kills the process.
 */
import { spawn } from 'node:child_process'
import { Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { z } from 'zod'
import { RecognizerFailedError } from '#server/ai/recognizer-errors.ts'
import { parseDecoderOutput, type DecoderOutput } from './decoder-output.ts'

/** The program and arguments that start a decoder with its models loaded. */
export type DecoderCommand = { program: string; args: readonly string[] }

export type Decoder = {
  /** Decodes 16 kHz mono 16-bit little-endian samples; one clip at a time. */
  decode(samples: Uint8Array, timeoutMs: number): Promise<DecoderOutput>
  /** Kills the process; resolves once it has exited. */
  stop(): Promise<void>
  /** False once the process has exited or is being stopped. */
  readonly running: boolean
}

/** The process itself exited while a clip was waiting for it (not a clip the decoder failed on). */
export class DecoderStoppedError extends RecognizerFailedError {}

const recognizer = 'pocketsphinx'
/** Log lines kept to explain a failure. */
const errorLinesKept = 3
const replySchema = z.union([z.object({ output: z.string() }), z.object({ error: z.string() })])

type Pending = { settle(result: { output: DecoderOutput } | { error: Error }): void }

export function startDecoder(command: DecoderCommand): Decoder {
  const child = spawn(command.program, command.args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true })
  // An idle decoder does not keep the server alive (a pending clip's time limit does); its pipes
  // are sockets, which would keep the event loop alive all the same.
  child.unref()
  for (const stream of [child.stdin, child.stdout, child.stderr]) if (stream instanceof Socket) stream.unref()
  // Writing to a decoder that has just died fails here; its exit settles the clip.
  child.stdin.on('error', () => undefined)

  let running = true
  let pending: Pending | undefined
  const errors: string[] = []
  let stopping: Promise<void> | undefined
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message))
    // Once its pipes have closed too: by then every line it wrote, its last log lines among them, has been read.
    child.once('close', (code, signal) => resolve(code === null ? `signal ${String(signal)}` : `exit code ${code}`))
  })
  const explained = (message: string) => (errors.length > 0 ? `${message}: ${errors.join(' | ')}` : message)

  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
    if (/^(?:ERROR|FATAL)|^\w*Error\b/.test(line))
      errors.splice(0, errors.length, ...[...errors, line].slice(-errorLinesKept))
  })
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    const reply = replySchema.safeParse(parseJson(line))
    if (!reply.success) {
      pending?.settle({
        error: new RecognizerFailedError(recognizer, `The speech decoder answered: ${line.slice(0, 200)}`),
      })
    } else if ('output' in reply.data) {
      pending?.settle({ output: parseDecoderOutput(reply.data.output) })
    } else {
      pending?.settle({ error: new RecognizerFailedError(recognizer, reply.data.error) })
    }
  })

  void exited.then((how) => {
    running = false
    pending?.settle({
      error: new DecoderStoppedError(
        recognizer,
        explained(`The speech decoder stopped (${how}); the next recording starts a new one`),
      ),
    })
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

  function decode(samples: Uint8Array, timeoutMs: number): Promise<DecoderOutput> {
    if (pending)
      return Promise.reject(new RecognizerFailedError(recognizer, 'The speech decoder is busy with another clip.'))
    if (!running)
      return Promise.reject(new DecoderStoppedError(recognizer, 'The speech decoder had stopped before the clip came'))
    errors.length = 0
    return new Promise<DecoderOutput>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A decoder past its time limit may be stuck: it is killed (before the caller hears of
        // it), and the next clip starts a new one.
        pending = undefined
        void stop().then(() =>
          reject(new RecognizerFailedError(recognizer, `PocketSphinx gave no result within ${timeoutMs} ms`, true)),
        )
      }, timeoutMs)
      pending = {
        settle(result) {
          clearTimeout(timer)
          pending = undefined
          if ('output' in result) resolve(result.output)
          else reject(result.error)
        },
      }
      const header = Buffer.alloc(4)
      header.writeUInt32BE(samples.byteLength)
      child.stdin.write(header)
      child.stdin.write(samples)
    })
  }

  return {
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

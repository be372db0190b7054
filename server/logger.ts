import pino, { type DestinationStream } from 'pino'
import { censor, redactPaths, scrubLine } from './log-redaction.ts'
import { currentRequestContext } from './request-context.ts'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
type LogFields = Record<string, unknown>
export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: LogFields) => void>

/**
 * One JSON line per entry (pino) on stdout, apart from the HTTP server's own words on stderr: level name, ISO time, message, the fields, and inside a
 * request its id and, once known, the user's id. An error in a field keeps its type, stack and
 * causes; secrets and e-mail addresses are censored (log-redaction.ts).
 */
export function createLogger(
  minimum: LogLevel,
  destination?: DestinationStream,
  { redactFields = true }: { redactFields?: boolean } = {},
): Logger {
  const base = pino(
    {
      level: minimum,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: serializeErrors },
      // Walking every redact path costs more than writing a short line (decision 0057): a logger
      // whose fields are all ours and never secret (the request line) skips it, and is still scrubbed.
      ...(redactFields ? { redact: { paths: redactPaths, censor } } : {}),
      mixin: () => ({ ...currentRequestContext() }),
      hooks: { streamWrite: scrubLine },
    },
    destination ?? standardOutput(),
  )
  const write = (level: Exclude<LogLevel, 'silent'>) => (message: string, fields?: LogFields) => {
    base[level](fields ?? {}, message)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

const sharedStandardOutput = Symbol.for('interview-helper.log-standard-output')

/** What may wait in memory for stdout: past it, while nobody reads the output, new lines are dropped and counted. */
const waitingBytesMax = 16 * 2 ** 20

/**
 * Every logger of the process writes through one buffered stdout stream (the server's nitro code and
 * its page renderer each hold a copy of this module, hence `globalThis`): lines leave in order, in
 * writes of about 4 KB or every 100 ms, instead of one synchronous write per line (decision 0073).
 * pino writes what is left synchronously when the process exits, whatever the reason.
 */
function standardOutput(): DestinationStream {
  const holder = globalThis as typeof globalThis & { [sharedStandardOutput]?: DestinationStream }
  holder[sharedStandardOutput] ??= boundedStandardOutput()
  return holder[sharedStandardOutput]
}

/**
 * A stdout nobody reads (a stuck log collector) must not stall requests nor fill the memory: the
 * lines past `waitingBytesMax` are dropped, and once writing resumes one line says how many.
 */
function boundedStandardOutput(): DestinationStream {
  const stream = pino.destination({
    fd: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: 100,
    maxLength: waitingBytesMax,
  })
  let dropped = 0
  stream.on('drop', () => (dropped += 1))
  stream.on('write', () => {
    if (dropped === 0) return
    const line = {
      level: 'warn',
      time: new Date().toISOString(),
      message: 'log lines dropped while stdout was not read',
      dropped,
    }
    dropped = 0
    stream.write(`${JSON.stringify(line)}\n`)
  })
  return stream
}

/** pino's error serializer for an error in any field (callers name it `error`, `cause`...); pino does `err` itself. */
function serializeErrors(fields: LogFields): LogFields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      key !== 'err' && value instanceof Error ? pino.stdSerializers.err(value) : value,
    ]),
  )
}

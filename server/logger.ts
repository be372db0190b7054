const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof levels
type LogFields = Record<string, unknown>
export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: LogFields) => void>

/** One JSON line per entry on stderr: easy to read in a terminal, easy to ship to a log store. */
export function createLogger(minimum: LogLevel): Logger {
  const write = (level: Exclude<LogLevel, 'silent'>) => (message: string, fields?: LogFields) => {
    if (levels[level] < levels[minimum]) return
    const entry = { level, time: new Date().toISOString(), message, ...fields }
    process.stderr.write(`${JSON.stringify(entry, errorReplacer)}\n`)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

function errorReplacer(_key: string, value: unknown) {
  return value instanceof Error ? { name: value.name, message: value.message } : value
}

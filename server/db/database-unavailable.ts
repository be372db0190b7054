/**
 * Whether an error means the database cannot be reached right now (refused, dropped or timed-out
 * connections, a server shutting down or starting up), as opposed to a fault of the query. Such a
 * failure is temporary: the pool opens new connections once the server answers again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some(
    (cause) =>
      (cause.code !== undefined && (unreachableSystemCodes.has(cause.code) || isUnavailableSqlState(cause.code))) ||
      unavailableMessages.some((pattern) => pattern.test(cause.message)),
  )
}

/** Socket errors of a connection that cannot be made or was cut. */
const unreachableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATE class 08 (connection exception); 57P01–57P03 (the server is shutting down, crashed, or
 * cannot take connections yet); 53300 (no connection slot left).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
}

/** What node-postgres and PGlite say when the connection is gone; they give these errors no code. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^PGlite is clos(ed|ing)$/,
]

type ErrorFacts = { code: string | undefined; message: string }

/** The error and everything it wraps (`cause`, and the attempts of an AggregateError), bounded against cycles. */
function causesOf(error: unknown): ErrorFacts[] {
  const found: ErrorFacts[] = []
  const pending: unknown[] = [error]
  while (pending.length > 0 && found.length < 20) {
    const current = pending.shift()
    if (typeof current !== 'object' || current === null) continue
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined
    const message = 'message' in current && typeof current.message === 'string' ? current.message : ''
    found.push({ code, message })
    if ('cause' in current) pending.push(current.cause)
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]))
  }
  return found
}

// SQLSTATE classes that say nothing about the event: connection exceptions (08), transaction
// rollbacks such as serialization failures and deadlocks (40), insufficient resources (53),
// operator intervention such as a shutdown (57) and system errors (58).
const infrastructureClasses = new Set(['08', '40', '53', '57', '58'])
const socketErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])

/**
 * True when an error came from the database or the network rather than from the event being
 * applied: the run should fail and be retried as a whole, not halt the projection at that event.
 */
export function isInfrastructureError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  if (code && (socketErrors.has(code) || (/^[0-9A-Z]{5}$/.test(code) && infrastructureClasses.has(code.slice(0, 2)))))
    return true
  // node-postgres reports a connection lost mid-query with a plain Error and no code.
  return (
    error instanceof Error &&
    /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(error.message)
  )
}

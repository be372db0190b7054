import type { TRPCError } from '@trpc/server'
import { createLogger } from '#server/logger.ts'
import type { Context } from './context.ts'
import { domainErrorOf } from './domain-errors.ts'

const fallbackLog = createLogger('warn')

/** During an outage every request fails the same way: one warning per interval says it, with the count. */
const outageWarningIntervalMs = 10_000
const outage = { lastWarnedAt: 0, unreported: 0 }

/**
 * Server faults are logged with their cause; client mistakes (4xx) are the caller's business; an
 * unreachable database is a warning, at most one per interval.
 */
export function reportError({
  error,
  path,
  ctx,
}: {
  error: TRPCError
  path: string | undefined
  ctx: Context | undefined
}): void {
  const log = ctx?.runtime.log ?? fallbackLog
  if (domainErrorOf(error)?.code === 'service-unavailable') {
    outage.unreported += 1
    const now = Date.now()
    if (now - outage.lastWarnedAt < outageWarningIntervalMs) return
    log.warn('database unavailable: requests answered 503', { requests: outage.unreported, path })
    outage.lastWarnedAt = now
    outage.unreported = 0
    return
  }
  if (error.code !== 'INTERNAL_SERVER_ERROR') return
  // The logger writes the error's stack and causes; the answer carries neither.
  log.error('request failed', { path, requestId: ctx?.requestId, error: error.cause ?? error })
}

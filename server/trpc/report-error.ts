import type { TRPCError } from '@trpc/server'
import { createLogger } from '#server/logger.ts'
import type { Context } from './context.ts'

const fallbackLog = createLogger('error')

/** Server faults are logged with their cause; client mistakes (4xx) are the caller's business. */
export function reportError({
  error,
  path,
  ctx,
}: {
  error: TRPCError
  path: string | undefined
  ctx: Context | undefined
}): void {
  if (error.code !== 'INTERNAL_SERVER_ERROR') return
  const log = ctx?.runtime.log ?? fallbackLog
  const cause = error.cause ?? error
  log.error('request failed', {
    path,
    requestId: ctx?.requestId,
    error: cause,
    stack: cause instanceof Error ? cause.stack : undefined,
  })
}

import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { domainErrorOf, toTrpcError } from '#server/trpc/domain-errors.ts'
import type { Logger } from '#server/logger.ts'

/** The REST envelope for a failure outside the bridge (uploads, streams, webhooks): the same statuses and words. */
export function errorResponse(error: unknown, log: Logger): Response {
  const refusal = domainErrorOf(error)
  const known = refusal ? toTrpcError(refusal) : error instanceof TRPCError ? error : undefined
  if (known && known.code !== 'INTERNAL_SERVER_ERROR') {
    return Response.json({ success: false, error: known.message }, { status: getHTTPStatusCodeFromError(known) })
  }
  log.error('request failed', { error })
  return Response.json({ success: false, error: 'Internal server error' }, { status: 500 })
}

export function failure(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status })
}

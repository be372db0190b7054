import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import type { Logger } from '#server/logger.ts'
import { domainErrorOf, publicCodeOfError, refusalHeaders, toTrpcError } from '#server/trpc/domain-errors.ts'
import { publicCodeForStatus, type PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { internalErrorMessage } from '#server/trpc/init.ts'
import { jsonResponse } from '#server/http/json-response.ts'

/**
 * Every failure the REST bridge and the HTTP routes answer is `{success: false, error, code}`; the
 * builders below are the only places that write one.
 */
export const malformedAddressMessage = 'The address of the request is not valid: check its percent-encoding'

type ErrorDetails = Readonly<Record<string, string>>
type ErrorEnvelope = { success: false; error: string; code: PublicErrorCode; details?: ErrorDetails }

const envelope = (
  status: number,
  error: string,
  code: PublicErrorCode | undefined,
  details: ErrorDetails | undefined,
): ErrorEnvelope => ({
  success: false,
  error,
  code: code ?? publicCodeForStatus(status),
  ...(details ? { details } : {}),
})

/** A refusal of the REST bridge itself, or the tRPC adapter's error answer re-wrapped. */
export function bridgeErrorResponse(
  status: number,
  message: string,
  headers?: HeadersInit,
  code?: PublicErrorCode,
  details?: ErrorDetails,
): Response {
  // A 500 may carry a database or library message: never pass it on.
  if (status === 500) return jsonResponse(envelope(status, internalErrorMessage, code, undefined), status, headers)
  return jsonResponse(envelope(status, message, code, details), status, headers)
}

/** A refusal an HTTP route decides on its own, before or instead of calling a service. */
export function routeErrorResponse(
  status: number,
  message: string,
  headers?: HeadersInit,
  code?: PublicErrorCode,
  details?: ErrorDetails,
): Response {
  return Response.json(envelope(status, message, code, details), { status, ...(headers ? { headers } : {}) })
}

/**
 * What a service threw, answered by an HTTP route with the same statuses, words and codes as the
 * REST bridge: a refusal keeps its message, anything else is logged and becomes a bare 500.
 */
export function thrownErrorResponse(error: unknown, log: Logger): Response {
  const refusal = domainErrorOf(error)
  const known = refusal ? toTrpcError(refusal) : error instanceof TRPCError ? error : undefined
  if (known && known.code !== 'INTERNAL_SERVER_ERROR')
    return routeErrorResponse(
      getHTTPStatusCodeFromError(known),
      known.message,
      refusalHeaders(error),
      publicCodeOfError(known),
      refusal?.details,
    )
  log.error('request failed', { error })
  return routeErrorResponse(500, internalErrorMessage)
}

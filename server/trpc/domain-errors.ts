import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { DomainError, type DomainErrorCode } from '#events/domain-error.ts'
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts'
import { rateLimitHeaders, rateLimitStateOf } from '#server/http/rate-limit-headers.ts'
import { publicCodeForStatus, publicCodeOf, type PublicErrorCode } from './public-error-codes.ts'

/** The HTTP meaning of each business refusal; 422 means understood, but refused. */
const statusOf = {
  'not-found': 'NOT_FOUND',
  'already-exists': 'CONFLICT',
  'concurrent-change': 'CONFLICT',
  'bad-request': 'BAD_REQUEST',
  'service-unavailable': 'SERVICE_UNAVAILABLE',
  erased: 'UNAUTHORIZED',
  'email-not-confirmed': 'FORBIDDEN',
  'no-password': 'UNAUTHORIZED',
  'invalid-credentials': 'UNAUTHORIZED',
  'invalid-token': 'UNAUTHORIZED',
  'refresh-invalid': 'UNAUTHORIZED',
  'refresh-reused': 'UNAUTHORIZED',
  'invalid-link': 'BAD_REQUEST',
  'wrong-password': 'BAD_REQUEST',
  'same-password': 'BAD_REQUEST',
  'not-configured': 'BAD_REQUEST',
  'rate-limited': 'TOO_MANY_REQUESTS',
  'mfa-required': 'UNAUTHORIZED',
  'invalid-code': 'BAD_REQUEST',
  'mfa-challenge-invalid': 'UNAUTHORIZED',
  'bad-signature': 'BAD_REQUEST',
  'unknown-plan': 'BAD_REQUEST',
  'already-paid': 'CONFLICT',
  'payment-failed': 'PAYMENT_REQUIRED',
  'gateway-unavailable': 'BAD_GATEWAY',
  'no-active-plan': 'FORBIDDEN',
  'limit-reached': 'FORBIDDEN',
  'feature-not-in-plan': 'FORBIDDEN',
  'plan-change-refused': 'CONFLICT',
  'no-active-session': 'CONFLICT',
  'session-ended': 'CONFLICT',
  'session-active': 'CONFLICT',
  'idempotency-key-reused': 'UNPROCESSABLE_CONTENT',
  'ai-not-configured': 'SERVICE_UNAVAILABLE',
  'ai-failed': 'BAD_GATEWAY',
  'ai-rejected': 'BAD_REQUEST',
  'unsupported-media': 'UNSUPPORTED_MEDIA_TYPE',
  'too-large': 'PAYLOAD_TOO_LARGE',
  'image-too-large': 'PAYLOAD_TOO_LARGE',
  'audio-too-long': 'PAYLOAD_TOO_LARGE',
  'media-unreadable': 'UNPROCESSABLE_CONTENT',
  'queue-full': 'TOO_MANY_REQUESTS',
  'no-speech': 'UNPROCESSABLE_CONTENT',
  'block-out-of-order': 'CONFLICT',
  'block-mismatch': 'CONFLICT',
  'utterance-incomplete': 'CONFLICT',
  'no-support-inbox': 'SERVICE_UNAVAILABLE',
} as const satisfies Record<DomainErrorCode, TRPCError['code']>

const isDomainErrorCode = (code: string): code is DomainErrorCode => Object.hasOwn(statusOf, code)

/** The HTTP status a refusal is answered with, on every transport. */
export const httpStatusOf = (code: DomainErrorCode): number =>
  getHTTPStatusCodeFromError(new TRPCError({ code: statusOf[code] }))

export function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: statusOf[error.code], message: error.message, cause: error })
}

/** By name as well as class: the bundler may give a route its own copy of DomainError. */
function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error
  if (
    error instanceof Error &&
    error.name === 'DomainError' &&
    'code' in error &&
    typeof error.code === 'string' &&
    isDomainErrorCode(error.code)
  )
    return new DomainError(error.code, error.message, detailsOf(error))
  return undefined
}

function detailsOf(error: Error): Record<string, string> | undefined {
  const details = 'details' in error ? error.details : undefined
  if (typeof details !== 'object' || details === null) return undefined
  const entries = Object.entries(details).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}

export const concurrentChangeMessage = 'This changed at the same moment somewhere else. Please try again.'

export const serviceUnavailableMessage = 'The service is temporarily unavailable. Please try again in a moment.'

/** Seconds a client should wait before trying again while the database is unreachable. */
const retryAfterSeconds = 5

/**
 * The answer's headers for what was thrown: a client told the service is unavailable, or that it
 * ran into a rate limit, also learns when to come back (and, for a limit, which one).
 */
export function refusalHeaders(error: unknown): Record<string, string> {
  const rateLimit = rateLimitStateOf(error)
  if (rateLimit) return rateLimitHeaders(rateLimit, true)
  return domainErrorOf(error)?.code === 'service-unavailable' ? { 'retry-after': String(retryAfterSeconds) } : {}
}

/** The same headers for an adapter's answer to one or more failed calls. */
export function refusalHeadersOf(errors: readonly unknown[]): Record<string, string> {
  return Object.assign({}, ...errors.map((error) => refusalHeaders(error))) as Record<string, string>
}

/** The public `code` of a failed call: its refusal's, or else its status's. */
export function publicCodeOfError(error: TRPCError): PublicErrorCode {
  const refusal = domainErrorOf(error)
  return refusal ? publicCodeOf(refusal.code) : publicCodeForStatus(getHTTPStatusCodeFromError(error))
}

export function domainErrorOf(error: unknown): DomainError | undefined {
  const found = error instanceof TRPCError ? error.cause : error
  // A write that still lost its race after retries is a conflict to report, not a server failure.
  if (found instanceof Error && found.name === 'ConcurrencyError')
    return new DomainError('concurrent-change', concurrentChangeMessage)
  const refusal = asDomainError(error) ?? (error instanceof TRPCError ? asDomainError(error.cause) : undefined)
  if (refusal) return refusal
  // An unreachable database is a temporary outage, whichever layer it surfaced in.
  if (isDatabaseUnavailable(error)) return new DomainError('service-unavailable', serviceUnavailableMessage)
  return undefined
}

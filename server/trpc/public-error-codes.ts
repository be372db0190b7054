import type { DomainErrorCode } from '#events/domain-error.ts'

/**
 * The stable, machine-readable `code` of every error answer, one per business refusal. A
 * Record, so a refusal added to DomainErrorCode does not compile until it has its public name.
 * Public names never change within API v1 (docs/decisions/0025-error-codes-and-limits.md).
 */
const publicCodeOfRefusal = {
  'not-found': 'not_found',
  'already-exists': 'already_exists',
  'concurrent-change': 'concurrent_change',
  'bad-request': 'invalid_request',
  'service-unavailable': 'service_unavailable',
  erased: 'account_erased',
  'email-not-confirmed': 'email_not_confirmed',
  'no-password': 'no_password',
  'invalid-credentials': 'invalid_credentials',
  'invalid-token': 'invalid_token',
  'refresh-invalid': 'refresh_token_invalid',
  'refresh-reused': 'token_reused',
  'invalid-link': 'invalid_link',
  'wrong-password': 'wrong_password',
  'same-password': 'same_password',
  'not-configured': 'not_configured',
  'rate-limited': 'rate_limited',
  'mfa-required': 'mfa_required',
  'invalid-code': 'invalid_code',
  'mfa-challenge-invalid': 'mfa_challenge_invalid',
  'bad-signature': 'bad_signature',
  'unknown-plan': 'unknown_plan',
  'already-paid': 'already_paid',
  'payment-failed': 'payment_failed',
  'gateway-unavailable': 'payment_gateway_unavailable',
  'no-active-plan': 'plan_required',
  'limit-reached': 'interviews_exhausted',
  'feature-not-in-plan': 'feature_not_in_plan',
  'plan-change-refused': 'plan_change_refused',
  'no-active-session': 'no_active_session',
  'session-ended': 'session_ended',
  'session-active': 'session_active',
  'idempotency-key-reused': 'idempotency_key_reused',
  'ai-not-configured': 'ai_not_configured',
  'ai-failed': 'ai_failed',
  'ai-rejected': 'ai_rejected',
  'unsupported-media': 'unsupported_media_type',
  'too-large': 'payload_too_large',
  'image-too-large': 'image_too_large',
  'audio-too-long': 'audio_too_long',
  'media-unreadable': 'media_unreadable',
  'queue-full': 'queue_full',
  'no-speech': 'no_speech',
  'block-out-of-order': 'block_out_of_order',
  'block-mismatch': 'block_mismatch',
  'utterance-incomplete': 'utterance_incomplete',
  'no-support-inbox': 'support_inbox_missing',
} as const satisfies Record<DomainErrorCode, string>

/** The code of a refusal no service made: the bridge's, the adapter's or the server's own, by its status. */
const publicCodeOfStatus = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
} as const

export type PublicErrorCode =
  (typeof publicCodeOfRefusal)[DomainErrorCode] | (typeof publicCodeOfStatus)[keyof typeof publicCodeOfStatus]

/** Every code an answer may carry, for the OpenAPI document's enum. */
export const publicErrorCodes: readonly PublicErrorCode[] = [
  ...new Set<PublicErrorCode>([...Object.values(publicCodeOfRefusal), ...Object.values(publicCodeOfStatus)]),
].sort()

export function publicCodeOf(refusal: DomainErrorCode): PublicErrorCode {
  return publicCodeOfRefusal[refusal]
}

export function publicCodeForStatus(status: number): PublicErrorCode {
  if (Object.hasOwn(publicCodeOfStatus, status)) return publicCodeOfStatus[status as keyof typeof publicCodeOfStatus]
  return status >= 500 ? 'internal_error' : 'invalid_request'
}

const publicCodeSet: ReadonlySet<string> = new Set(publicErrorCodes)

export const isPublicErrorCode = (code: unknown): code is PublicErrorCode =>
  typeof code === 'string' && publicCodeSet.has(code)

/** Each code with the HTTP statuses it is answered with, for the document's table of codes. */
export function publicCodeStatuses(
  statusOfRefusal: (refusal: DomainErrorCode) => number,
): Map<PublicErrorCode, number[]> {
  const statuses = new Map<PublicErrorCode, Set<number>>()
  const add = (code: PublicErrorCode, status: number) =>
    statuses.set(code, (statuses.get(code) ?? new Set()).add(status))
  for (const [refusal, code] of Object.entries(publicCodeOfRefusal) as [DomainErrorCode, PublicErrorCode][])
    add(code, statusOfRefusal(refusal))
  for (const [status, code] of Object.entries(publicCodeOfStatus)) add(code, Number(status))
  return new Map([...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([code, set]) => [code, [...set].sort()]))
}

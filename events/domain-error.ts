/** Every refusal the services can give; each transport maps every code to its own status. */
export type DomainErrorCode =
  // any stream
  | 'not-found'
  | 'already-exists'
  | 'concurrent-change'
  | 'bad-request'
  // the service itself: its database cannot be reached for now
  | 'service-unavailable'
  // accounts and sign-in
  | 'erased'
  | 'email-not-confirmed'
  | 'no-password'
  | 'invalid-credentials'
  | 'invalid-token'
  | 'refresh-invalid'
  | 'refresh-reused'
  | 'invalid-link'
  | 'wrong-password'
  | 'same-password'
  | 'not-configured'
  | 'rate-limited'
  // the second step of signing in
  | 'mfa-required'
  | 'invalid-code'
  | 'mfa-challenge-invalid'
  // payments and plans
  | 'bad-signature'
  | 'unknown-plan'
  | 'already-paid'
  | 'payment-failed'
  | 'gateway-unavailable'
  | 'no-active-plan'
  | 'limit-reached'
  | 'feature-not-in-plan'
  | 'plan-change-refused'
  // interviews and AI
  | 'no-active-session'
  | 'session-ended'
  | 'ai-not-configured'
  | 'ai-failed'
  | 'ai-rejected'
  | 'unsupported-media'
  | 'too-large'
  | 'image-too-large'
  | 'audio-too-long'
  | 'media-unreadable'
  | 'queue-full'
  | 'no-speech'
  | 'session-active'
  // an utterance streamed while it is spoken
  | 'block-out-of-order'
  | 'block-mismatch'
  | 'utterance-incomplete'
  // repeated requests (Idempotency-Key)
  | 'idempotency-key-reused'
  // contact
  | 'no-support-inbox'

/**
 * A business rule said no. `code` is stable for callers and tests; `message` is what the user
 * reads. The API maps codes to HTTP statuses; deciders never know about HTTP.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode
  /** Facts a program needs to act on the refusal, e.g. the id of the session already active. */
  readonly details: Readonly<Record<string, string>> | undefined
  constructor(code: DomainErrorCode, message: string, details?: Readonly<Record<string, string>>) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.details = details
  }
}

import { idempotencyKeyHeader } from '#server/routes/idempotency.ts'
import type { PublicErrorCode } from '#server/trpc/public-error-codes.ts'

/**
 * What each code means and what a client does about it. A Record, so a new code does not compile
 * until the guide explains it.
 */
export const meaningOf: Record<PublicErrorCode, string> = {
  account_erased: 'The account was deleted; its tokens no longer work.',
  ai_failed: 'The AI provider failed or stopped early; nothing was counted. Try again.',
  ai_not_configured: 'This server has no AI provider for this feature.',
  ai_rejected: 'The AI provider refused the input (e.g. content policy); rephrase it.',
  already_exists: 'An account with this e-mail address already exists.',
  already_paid: 'The order was already paid; nothing was charged twice.',
  audio_too_long:
    'The recording lasts longer than a spoken question may (its length is read from its header and container, in every accepted format, before decoding); send a shorter one.',
  bad_gateway: 'An upstream service failed; try again later.',
  bad_signature: 'The payment signature does not match; the payment was not confirmed.',
  concurrent_change: 'The same thing changed at the same moment elsewhere; repeat the request.',
  conflict: 'The request conflicts with the current state.',
  email_not_confirmed: 'Confirm the e-mail address first (POST /auth/resend-confirmation sends the link again).',
  feature_not_in_plan:
    'The active plan does not include this feature, or the context sent with it; a higher plan does. Without any active plan the code is `plan_required` instead.',
  forbidden: 'Signed in, but not allowed (e.g. support operations without the support role).',
  idempotency_key_reused: `The ${idempotencyKeyHeader} was already used for a different request; use a new key.`,
  image_too_large:
    'The screenshot has more pixels than are read (its size is read from its header, before decoding); send a smaller or cropped capture.',
  internal_error: 'The server failed; the answer carries no detail, the log has it under the X-Request-Id.',
  interviews_exhausted:
    "This period's interviews are used up; a higher plan, or another month of the same plan, brings more. Plans never renew by themselves.",
  invalid_code: 'The one-time or recovery code is wrong, or was already used; ask the person for a new one.',
  invalid_credentials: 'The e-mail address or the password is wrong.',
  invalid_link: 'The confirmation or reset link is invalid, used or expired.',
  invalid_request: 'The request is malformed or a field is invalid; `error` names the field.',
  invalid_token: 'The access token is missing, expired or revoked; refresh it or sign in again.',
  media_unreadable:
    'The file is of an accepted type, but its header is damaged, truncated or declares the impossible; nothing was decoded.',
  mfa_challenge_invalid:
    'The two-step sign-in challenge expired, was used or had too many wrong codes: sign in with the password again.',
  mfa_required:
    'The password was right, and the account asks for a second step: send a 6-digit code or a recovery code with `details.challengeToken` to POST /auth/mfa/verify within 5 minutes. With Supabase configured, the Supabase session is at aal1: verify a code for `details.factorId` at Supabase (/auth/v1/factors/{id}/challenge and …/verify) and sign in with the aal2 token.',
  method_not_allowed: 'The path exists, but not with this method.',
  no_active_session: 'There is no interview session running; start one first.',
  no_password: 'The account signs in with Google and has no password.',
  no_speech: 'No speech was recognised in the recording.',
  block_out_of_order:
    'A block of a streamed utterance came before one it follows; `details.expected` is the number to send next.',
  block_mismatch: 'A block of a streamed utterance was sent again with other bytes than the first time.',
  utterance_incomplete:
    'A streamed utterance was ended with fewer blocks received than announced; `details.received` says how many arrived.',
  not_configured: 'This server is not configured for the operation (e.g. Google sign-in without Supabase).',
  not_found: 'No such thing, or it is not yours.',
  payload_too_large: 'The body or the file is larger than the operation accepts.',
  payment_failed: 'The payment did not go through; the order can be paid again.',
  payment_gateway_unavailable: 'The payment gateway cannot be reached; try again later.',
  plan_change_refused:
    'The plan change is not possible as asked: a cheaper plan is scheduled for the end of the period (POST /payments/plan-change/schedule), not bought; or the price changed since it was shown (see `error`).',
  plan_required:
    'There is no active plan (none bought yet, or its period ended): buy one first. Every operation that needs a plan answers this code when there is none.',
  queue_full:
    'You already have recordings or screenshots waiting to be read; wait `Retry-After` seconds, or for their answers, then send this one again. Other people are not held up.',
  rate_limited: 'Too many requests; wait `Retry-After` seconds.',
  refresh_token_invalid: 'The refresh token is unknown or expired; sign in again.',
  request_timeout:
    'The request body arrived more slowly than the server takes (at least 1 kB/s on average after the first 5 s); nothing was done. The connection is closed; send the request again on a better connection.',
  same_password: 'The new password is the current one.',
  service_unavailable: 'Temporarily unavailable (e.g. the database); try again after `Retry-After`.',
  session_active: 'An interview session is already running; `details.sessionId` names it. End it or carry on with it.',
  session_ended: 'That interview session has already ended.',
  support_inbox_missing: 'The contact form has no support inbox configured on this server.',
  token_reused: 'A refresh token was used again after its grace period: every session of its family is revoked.',
  unauthenticated: 'Sign in first: send `Authorization: Bearer <accessToken>`.',
  unknown_plan: 'There is no plan by that name.',
  unprocessable: 'Understood, but refused.',
  unsupported_media_type: 'The body or the file is of a type the operation does not accept.',
  wrong_password: 'The current password is wrong.',
}

import type { RateLimit } from '#server/accounts/rate-limiter.ts'
import { accessTokenLifetimeSeconds } from '#server/accounts/tokens/access-tokens.ts'
import { idempotencyKeyHeader, idempotentPaths } from '#server/http/idempotency.ts'
import { httpStatusOf } from '#server/trpc/domain-errors.ts'
import { publicCodeStatuses, type PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { compatibilityPromise } from './api-version.ts'

/**
 * What each code means and what a client does about it. A Record, so a new code does not compile
 * until the guide explains it.
 */
const meaningOf: Record<PublicErrorCode, string> = {
  account_erased: 'The account was deleted; its tokens no longer work.',
  ai_failed: 'The AI provider failed or stopped early; nothing was counted. Try again.',
  ai_not_configured: 'This server has no AI provider for this feature.',
  ai_rejected: 'The AI provider refused the input (e.g. content policy); rephrase it.',
  already_exists: 'An account with this e-mail address already exists.',
  already_paid: 'The order was already paid; nothing was charged twice.',
  bad_gateway: 'An upstream service failed; try again later.',
  bad_signature: 'The payment signature does not match; the payment was not confirmed.',
  concurrent_change: 'The same thing changed at the same moment elsewhere; repeat the request.',
  conflict: 'The request conflicts with the current state.',
  email_not_confirmed: 'Confirm the e-mail address first (POST /auth/resend-confirmation sends the link again).',
  feature_not_in_plan: 'The current plan does not include this feature; a higher plan does.',
  forbidden: 'Signed in, but not allowed (e.g. support operations without the support role).',
  idempotency_key_reused: `The ${idempotencyKeyHeader} was already used for a different request; use a new key.`,
  interviews_exhausted:
    "This period's interviews are used up; a higher plan, or another month of the same plan, brings more. Plans never renew by themselves.",
  internal_error: 'The server failed; the answer carries no detail, the log has it under the X-Request-Id.',
  invalid_credentials: 'The e-mail address or the password is wrong.',
  invalid_link: 'The confirmation or reset link is invalid, used or expired.',
  invalid_request: 'The request is malformed or a field is invalid; `error` names the field.',
  invalid_token: 'The access token is missing, expired or revoked; refresh it or sign in again.',
  method_not_allowed: 'The path exists, but not with this method.',
  no_active_session: 'There is no interview session running; start one first.',
  no_password: 'The account signs in with Google and has no password.',
  no_speech: 'No speech was recognised in the recording.',
  not_configured: 'This server is not configured for the operation (e.g. Google sign-in without Supabase).',
  not_found: 'No such thing, or it is not yours.',
  payload_too_large: 'The body or the file is larger than the operation accepts.',
  payment_failed: 'The payment did not go through; the order can be paid again.',
  payment_gateway_unavailable: 'The payment gateway cannot be reached; try again later.',
  plan_change_refused:
    'The plan change is not possible as asked: a cheaper plan is scheduled for the end of the period (POST /payments/plan-change/schedule), not bought; or the price changed since it was shown (see `error`).',
  plan_required: 'This needs an active plan; buy one first.',
  rate_limited: 'Too many requests; wait `Retry-After` seconds.',
  refresh_token_invalid: 'The refresh token is unknown or expired; sign in again.',
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

const codesTable = () =>
  [
    '| code | status | meaning |',
    '| --- | --- | --- |',
    ...[...publicCodeStatuses(httpStatusOf)].map(
      ([code, statuses]) => `| \`${code}\` | ${statuses.join(', ')} | ${meaningOf[code]} |`,
    ),
  ].join('\n')

const limitsTable = (limits: readonly RateLimit[]) =>
  [
    '| policy | quota | window |',
    '| --- | --- | --- |',
    ...limits.map((limit) => `| \`${limit.name}\` | ${limit.limit} | ${Math.round(limit.windowMs / 60_000)} minutes |`),
  ].join('\n')

/** The document's introduction: what every operation has in common, rendered first by the API reference. */
export function apiGuide(limits: readonly RateLimit[]): string {
  return `REST API used by the Interview Helper desktop assistant. The machine-readable document is \`/api/openapi.json\` (OpenAPI 3.1); every path below is relative to \`/api\`.

## Authentication

Sign in with \`POST /auth/login\` (e-mail and password) to get \`tokens.accessToken\` (valid ${accessTokenLifetimeSeconds / 60} minutes) and \`tokens.refreshToken\`. Send \`Authorization: Bearer <accessToken>\` on every operation marked with a lock. Before the access token expires, \`POST /auth/refresh-token\` swaps the refresh token for a new pair; the old refresh token then stops working, except that a repeat within a few seconds (two windows, a retry after a timeout) gets the same new pair. Using it again later is treated as theft: \`token_reused\`, and every session of that sign-in is revoked.

A new account confirms its e-mail address first: \`POST /auth/register\`, then \`POST /auth/confirm-email\` with the token from the e-mail's link (\`POST /auth/resend-confirmation\` sends it again).

## Answers and errors

Every answer is JSON in one envelope: \`{ "success": true, "data": … }\`, or on failure, with a 4xx or 5xx status, \`{ "success": false, "error": "…", "code": "…" }\`. \`error\` is a sentence for people; \`code\` is for programs and never changes within v1. A few codes add \`details\` with the facts a program needs (\`session_active\` names the running session in \`details.sessionId\`). Each operation lists the statuses and codes it can answer; any other failure has the same envelope.

${codesTable()}

Every answer carries \`X-Request-Id\` (send your own to correlate); quote it when you contact support.

## Rate limits

Fixed windows, with the headers of draft-ietf-httpapi-ratelimit-headers-10. Every answer of a rate-limited operation carries \`RateLimit-Policy\` (\`"policy";q=<quota>;w=<window seconds>\`) and \`RateLimit\` (\`"policy";r=<remaining>;t=<seconds to reset>\`), listing each limit the request counted against. A refused request answers 429 \`rate_limited\` with \`Retry-After\` and the headers of the limit that refused it. Failed sign-ins count per address and account together, so a stranger's wrong passwords do not lock the owner out; the account-wide ceiling does not apply to an address the account signed in from in the last 12 hours.

${limitsTable(limits)}

## Idempotency

${[...idempotentPaths].map((path) => `\`POST ${path}\``).join(', ')} accept an \`${idempotencyKeyHeader}\` header (e.g. a UUID per new request). A repeat with the same key and the same request, by the same person, within 24 hours, answers the first answer again with \`Idempotent-Replayed: true\` and takes nothing twice (no second interview, no second order); a repeat while the first is still running waits for it. The same key with a different request is refused: 422 \`idempotency_key_reused\`. Only one interview session runs at a time: a start while one is running answers 409 \`session_active\`.

## Streaming

\`POST /interview/question/stream\` takes the body of \`POST /interview/question\` and answers \`text/event-stream\` while the model writes: \`event: delta\` with \`{"text"}\` pieces in order, then exactly one \`event: done\` whose data is the enveloped \`/interview/question\` answer (counted once), or \`event: error\` whose data is the error envelope (nothing counted). Refusals before the first word are ordinary JSON errors. The schema of each event is under \`x-events\` of the operation's \`text/event-stream\` content.

## Uploads

A screenshot (\`POST /interview/screenshot\`) is JSON with the image as base64 (a \`data:\` URL or bare); a recording (\`POST /interview/audio-question\`) is \`multipart/form-data\` with the file in \`audio\`. Audio is recognised by its bytes (WAV, WebM, Ogg, FLAC, MP3, M4A), whatever type the client declares. Anything larger than an operation accepts answers 413 \`payload_too_large\`; a type it does not accept answers 415 \`unsupported_media_type\`.

## Versioning

${compatibilityPromise}`
}

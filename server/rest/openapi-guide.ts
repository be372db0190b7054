import { maxQuestionAudioSeconds, maxScreenshotPixels, maxWaitingPerPerson } from '#rules/media-limits.ts'
import type { RateLimit } from '#server/accounts/rate-limiter.ts'
import { accessTokenLifetimeSeconds } from '#server/accounts/tokens/access-tokens.ts'
import { idempotencyKeyHeader, idempotentPaths } from '#server/routes/idempotency.ts'
import { httpStatusOf } from '#server/trpc/domain-errors.ts'
import { publicCodeStatuses } from '#server/trpc/public-error-codes.ts'
import { changesForExistingClients, compatibilityPromise } from './api-version.ts'
import { meaningOf } from './error-code-meanings.ts'

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

A new account confirms its e-mail address first: \`POST /auth/register\`, then \`POST /auth/confirm-email\` with the token from the e-mail's link (\`POST /auth/resend-confirmation\` sends it again). On a development server that sends no mail (\`devMailbox: true\` in \`GET /auth/settings\`), \`GET /dev/mailbox\` hands a caller on the same machine the mail it kept, link and token included; it is absent, and answers 404, in production or with SMTP configured.

### Two-step sign-in

An account with an authenticator app (added with \`POST /account/authenticators\` and confirmed with a first code) is asked for a second step: the right password (or Google sign-in) answers 401 \`mfa_required\` with \`details.challengeToken\`, valid 5 minutes. Send it with the 6-digit code the app shows, or one of the account's recovery codes, to \`POST /auth/mfa/verify\`: the answer is the same session \`/auth/login\` gives. Each code is accepted once; a challenge takes 5 wrong codes, then the password is needed again.

## Answers and errors

Every answer is JSON in one envelope: \`{ "success": true, "data": … }\`, or on failure, with a 4xx or 5xx status, \`{ "success": false, "error": "…", "code": "…" }\`. \`error\` is a sentence for people; \`code\` is for programs and never changes within v1. Each cause has one code, the same on every operation: no active plan is always \`plan_required\`, a plan without the feature \`feature_not_in_plan\`, no interviews left \`interviews_exhausted\`, an unconfirmed address \`email_not_confirmed\`. A few codes add \`details\` with the facts a program needs (\`session_active\` names the running session in \`details.sessionId\`). Each operation lists the statuses and codes it can answer; any other failure has the same envelope.

${codesTable()}

Every answer carries \`X-Request-Id\` (send your own to correlate); quote it when you contact support. A script on an origin listed in the server's CORS_ORIGINS can read exactly the response headers this document declares: \`API-Version\`, \`X-Request-Id\`, \`Retry-After\`, \`RateLimit\`, \`RateLimit-Policy\`, \`Idempotent-Replayed\`, \`Content-Disposition\` and \`X-Invoice-Number\`.

## Rate limits

Fixed windows, with the headers of draft-ietf-httpapi-ratelimit-headers-10. Every answer of a rate-limited operation carries \`RateLimit-Policy\` (\`"policy";q=<quota>;w=<window seconds>\`) and \`RateLimit\` (\`"policy";r=<remaining>;t=<seconds to reset>\`), listing each limit the request counted against. A refused request answers 429 \`rate_limited\` with \`Retry-After\` and the headers of the limit that refused it. Failed sign-ins count per address and account together, so a stranger's wrong passwords do not lock the owner out; the account-wide ceiling does not apply to an address the account signed in from in the last 12 hours.

${limitsTable(limits)}

## Idempotency

${[...idempotentPaths].map((path) => `\`POST ${path}\``).join(', ')} accept an \`${idempotencyKeyHeader}\` header (e.g. a UUID per new request). A repeat with the same key and the same request, by the same person, within 24 hours, answers the first answer again with \`Idempotent-Replayed: true\` and takes nothing twice (no second interview, no second order); a repeat while the first is still running waits for it. A first request that failed (5xx) after its change was stored, or whose server died after storing it, keeps its key too: its repeat answers 500 \`internal_error\` saying so, and changes nothing again. The same key with a different request is refused: 422 \`idempotency_key_reused\`. Only one interview session runs at a time: a start while one is running answers 409 \`session_active\`.

## Streaming

\`POST /interview/question/stream\` takes the body of \`POST /interview/question\` and answers \`text/event-stream\` while the model writes: \`event: delta\` with \`{"text"}\` pieces in order, then exactly one \`event: done\` whose data is the enveloped \`/interview/question\` answer (counted once), or \`event: error\` whose data is the error envelope (nothing counted). Refusals before the first word are ordinary JSON errors. The \`text/event-stream\` schema is the data of one event: one of \`QuestionStreamDelta\` (has \`text\`), \`QuestionStreamDone\` (\`success: true\`) or \`ErrorEnvelope\` (\`success: false\`), so a generator that reads server-sent events (such as @hey-api/openapi-ts) yields typed events; \`x-events\` maps each event name to its schema.

## Uploads

A screenshot (\`POST /interview/screenshot\`) is JSON with the image as base64 (a \`data:\` URL or bare); a recording (\`POST /interview/audio-question\`) is \`multipart/form-data\` with the file in \`audio\`, described the OpenAPI 3.1 way (\`contentMediaType\`, raw bytes), so generated clients take a Blob or File there. Audio is recognised by its bytes (WAV, WebM, Ogg, FLAC, MP3, M4A), whatever type the client declares. Anything larger than an operation accepts answers 413 \`payload_too_large\`; a type it does not accept answers 415 \`unsupported_media_type\`. Before anything is decoded, the file's header is read: a screenshot of more than ${maxScreenshotPixels} pixels (width × height; 4096 × 4096, a 5K screen fits) answers 413 \`image_too_large\`, a recording longer than ${maxQuestionAudioSeconds} seconds 413 \`audio_too_long\` (in every accepted format: WAV from its data chunk, WebM and Ogg from their timestamps and frames, as a browser's MediaRecorder writes them without a declared duration, FLAC from its stream header or last frame, MP3 by counting its frames, M4A from its sample tables or fragments; the longest measure counts, so a header that understates what follows does not shorten it), and a file of an accepted type whose header is damaged or declares the impossible 422 \`media_unreadable\`. Screenshots and recordings read on this server wait their turn at a recogniser shared fairly between people; a person with ${maxWaitingPerPerson} already waiting is refused the next with 429 \`queue_full\` and \`Retry-After\` until their line moves on.

## Versioning

${compatibilityPromise}

${changesForExistingClients}`
}

/**
 * The API's contract version. Every /api answer names its major version in `API-Version`; within
 * a major version changes are additive only (docs/decisions/0025-error-codes-and-limits.md).
 */
export const majorApiVersion = '1'
export const apiVersionHeader = 'api-version'
/** The OpenAPI document's `info.version`: the major above, then additive revisions. */
export const documentVersion = `${majorApiVersion}.1.0`

export const compatibilityPromise = [
  `API version ${majorApiVersion}: every answer carries the header \`API-Version: ${majorApiVersion}\`.`,
  `Within v${majorApiVersion} changes are additive only: new operations, new optional request fields, new response fields, new error codes and new statuses for new causes. Clients must ignore fields they do not know and treat an unknown \`code\` by its HTTP status.`,
  'Nothing is renamed, removed or made stricter within a major version. A breaking change would come as version 2 under a new prefix (`/api/v2/…`), served beside v1 for at least six months, with v1 answers announcing the end in `Deprecation` and `Sunset` headers.',
].join('\n\n')

/** What changed in this document's revisions, and what an existing client does about it. */
export const changesForExistingClients = [
  '### Changes in 1.1.0, for existing clients',
  '- `billingCycle` is lower case everywhere: the subscription now says `monthly`, as plans and orders always did (it said `Monthly`). Compare billing cycles without regard to case; requests always took `monthly`.',
  '- With no active plan, questions, screenshots, recordings and a session start with context answer 403 `plan_required`, as a plain session start did, instead of `feature_not_in_plan`. Treat both as a reason to show the plans; `feature_not_in_plan` now means only that the active plan lacks the feature.',
  '- Sign-in through Supabase or Google declares 403 `email_not_confirmed`, which it could already answer.',
  "- New: `GET /dev/mailbox` on development servers; the `Idempotent-Replayed`, `API-Version` and `X-Request-Id` headers declared on each answer and readable across origins (the never-sent `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` are no longer listed); named schemas for the stream's events; the audio part described as a file; enums for the closed values of interview history, usage periods, billing history and the subscription's status.",
].join('\n')

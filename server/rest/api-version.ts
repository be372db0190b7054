/**
 * The API's contract version. Every /api answer names its major version in `API-Version`; within
 * a major version changes are additive only (docs/decisions/0025-error-codes-and-limits.md).
 */
export const majorApiVersion = '1'
export const apiVersionHeader = 'api-version'
/** The OpenAPI document's `info.version`: the major above, then additive revisions. */
export const documentVersion = `${majorApiVersion}.0.0`

export const compatibilityPromise = [
  `API version ${majorApiVersion}: every answer carries the header \`API-Version: ${majorApiVersion}\`.`,
  `Within v${majorApiVersion} changes are additive only: new operations, new optional request fields, new response fields, new error codes and new statuses for new causes. Clients must ignore fields they do not know and treat an unknown \`code\` by its HTTP status.`,
  'Nothing is renamed, removed or made stricter within a major version. A breaking change would come as version 2 under a new prefix (`/api/v2/…`), served beside v1 for at least six months, with v1 answers announcing the end in `Deprecation` and `Sunset` headers.',
].join('\n\n')

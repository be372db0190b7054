import type { OpenAPIObject } from 'trpc-to-openapi'
import type { DomainErrorCode } from '#events/domain-error.ts'
import { httpStatusOf } from '#server/trpc/domain-errors.ts'
import { publicCodeForStatus, publicCodeOf, type PublicErrorCode } from '#server/trpc/public-error-codes.ts'
import { meaningOf } from './error-code-meanings.ts'
import { operationRefusals } from './operation-refusals.ts'
import type { Operation } from '#server/routes/openapi-shapes.ts'
import { isRecord, mapOperations } from './openapi-object.ts'

const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' }

const statusDescriptions: Record<number, string> = {
  400: 'Bad input',
  401: 'Not signed in, or the credentials or token are not valid',
  402: 'The payment did not go through',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The body or the file is too large',
  415: 'The body or the file is of a type not accepted',
  422: 'Understood, but refused',
  429: 'Rate limited: see Retry-After, RateLimit and RateLimit-Policy',
  500: 'The server failed; the answer carries no detail',
  502: 'An upstream service (AI provider, payment gateway) failed',
  503: 'Temporarily unavailable, or not configured on this server: see Retry-After',
}

/** A status's words on one operation: what it means, then the causes this operation can really give. */
const describedStatus = (status: number, codes: readonly PublicErrorCode[]) =>
  [`${statusDescriptions[status] ?? 'Refused'}.`, ...codes.map((code) => `\`${code}\`: ${meaningOf[code]}`)].join(' ')

const quotaHeaders = {
  RateLimit: {
    description:
      'draft-ietf-httpapi-ratelimit-headers: what is left of each limit this request counted against, `"policy";r=<remaining>;t=<seconds to reset>`, comma-separated',
    schema: { type: 'string' },
    example: '"sign-in:ip";r=49;t=512, "sign-in:ip+email";r=9;t=512',
  },
  'RateLimit-Policy': {
    description:
      'draft-ietf-httpapi-ratelimit-headers: those limits, `"policy";q=<quota>;w=<window seconds>`, comma-separated',
    schema: { type: 'string' },
    example: '"sign-in:ip";q=50;w=900, "sign-in:ip+email";q=10;w=900',
  },
}

const rateLimitHeaders = {
  'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer' } },
  ...quotaHeaders,
}

/**
 * The codes every operation may answer whatever its service: bad input, outage, a fault, and by
 * kind of operation. An operation without a security requirement is public (the generator leaves
 * it out): it never answers `unauthenticated`, whatever token comes with it.
 */
function transportCodes(method: string, operation: Operation): PublicErrorCode[] {
  const codes: PublicErrorCode[] = ['invalid_request', 'service_unavailable', 'internal_error']
  if (operation.security !== undefined && operation.security.length > 0) codes.push('unauthenticated')
  // Support operations refuse a signed-in person without the support role.
  if (operation.tags?.includes('support')) codes.push('forbidden')
  if (method === 'post' || method === 'put') codes.push('payload_too_large', 'unsupported_media_type')
  return codes
}

const statusOfCode = (code: PublicErrorCode, refusalStatus: Map<PublicErrorCode, number>): number =>
  refusalStatus.get(code) ??
  [400, 401, 403, 404, 413, 415, 429, 503].find((status) => publicCodeForStatus(status) === code) ??
  500

/**
 * Declares, on every operation listed in operationRefusals, each status it can really answer, with
 * the codes each one carries (an enum narrowing the shared ErrorEnvelope), and the rate-limit
 * headers where it has a limit.
 */
export function withDeclaredStatuses(document: OpenAPIObject): OpenAPIObject {
  return mapOperations(document, (operation, method, path) => {
    const refusals = operationRefusals[`${method.toUpperCase()} ${path}`]
    return refusals ? declared(method, operation, refusals) : operation
  })
}

function declared(method: string, operation: Operation, refusals: readonly DomainErrorCode[]): Operation {
  const refusalStatus = new Map(refusals.map((refusal) => [publicCodeOf(refusal), httpStatusOf(refusal)]))
  const codes = [...new Set([...transportCodes(method, operation), ...refusalStatus.keys()])]
  const byStatus = new Map<number, PublicErrorCode[]>()
  for (const code of codes) {
    const status = statusOfCode(code, refusalStatus)
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  // The generator's own guesses (401, 403 and 404 on every protected or GET operation) go: an
  // operation declares the failures its refusals and its transport can really give, no others.
  const responses: Record<string, unknown> = Object.fromEntries(
    Object.entries(operation.responses ?? {}).filter(
      ([status]) => status === 'default' || /^2\d\d$/.test(status) || byStatus.has(Number(status)),
    ),
  )
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const existing = responses[String(status)]
    // A hand-written answer with more to say (/ready's checks) stays as it is.
    if (existing && JSON.stringify(existing).includes('allOf')) continue
    responses[String(status)] = {
      description: describedStatus(status, statusCodes.toSorted()),
      ...(status === 429 ? { headers: rateLimitHeaders } : {}),
      content: {
        'application/json': {
          schema: { allOf: [errorEnvelopeRef, { type: 'object', properties: { code: { enum: statusCodes.sort() } } }] },
        },
      },
    }
  }
  // A rate-limited operation reports its quotas on every answer, not only on its 429.
  if (refusals.includes('rate-limited'))
    for (const [status, response] of Object.entries(responses))
      if (status !== '429' && status !== 'default' && isRecord(response))
        responses[status] = {
          ...response,
          headers: { ...quotaHeaders, ...(isRecord(response.headers) ? response.headers : {}) },
        }
  return { ...operation, responses }
}

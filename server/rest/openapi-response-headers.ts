import type { OpenAPIObject } from 'trpc-to-openapi'
import { idempotencyKeyHeader, idempotentPaths } from '#server/routes/idempotency.ts'
import { majorApiVersion } from './api-version.ts'
import { isRecord, mapOperations } from './openapi-object.ts'

/** The headers every /api answer carries, declared once and referred to by each answer. */
const everyAnswer = {
  'API-Version': {
    description: 'The major version of the API that answered',
    schema: { type: 'string', const: majorApiVersion },
  },
  'X-Request-Id': {
    description: "The request's id (yours when you sent a plain one): quote it to support; the log has it",
    schema: { type: 'string' },
  },
} as const

const replayed = {
  'Idempotent-Replayed': {
    description: `\`true\` when this is the stored answer to an earlier request with the same ${idempotencyKeyHeader}; absent on a first answer`,
    schema: { type: 'string', const: 'true' },
  },
} as const

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
} as const

const refTo = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]))

/**
 * Declares on every answer the headers it carries: API-Version and X-Request-Id everywhere,
 * Idempotent-Replayed on the operations that replay, Retry-After on a 503. The CORS list of exposed
 * headers is checked against exactly this set.
 */
export function withResponseHeaders(document: OpenAPIObject): OpenAPIObject {
  const withHeaders = mapOperations(document, (operation, method, path) => {
    const replays = method === 'post' && idempotentPaths.has(path)
    const declared: Record<string, unknown> = { ...operation.responses }
    const responses = Object.entries(declared).map(([status, response]): [string, unknown] => {
      if (!isRecord(response) || '$ref' in response) return [status, response]
      const names = [
        ...Object.keys(everyAnswer),
        ...(replays && status !== 'default' ? Object.keys(replayed) : []),
        ...(status === '503' ? Object.keys(retryAfter) : []),
      ]
      const headers = { ...refTo(names), ...(isRecord(response.headers) ? response.headers : {}) }
      return [status, { ...response, headers }]
    })
    return { ...operation, responses: Object.fromEntries(responses) }
  })
  const components = {
    ...withHeaders.components,
    headers: { ...document.components?.headers, ...everyAnswer, ...replayed, ...retryAfter },
  }
  return { ...withHeaders, components }
}

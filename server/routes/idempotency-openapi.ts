import type { OpenAPIObject } from 'trpc-to-openapi'
import { idempotencyKeyHeader, idempotentPaths } from './idempotency.ts'

const idempotencyKeyParameter = {
  name: idempotencyKeyHeader,
  in: 'header',
  required: false,
  description:
    'Makes a repeat safe (a retry after a timeout, a second window): the same key with the same request, by the same person, within 24 hours, answers the first answer again (with the header Idempotent-Replayed: true) and takes nothing twice. A repeat while the first is still running waits for its answer. The same key with a different request is refused with 422. Use a new key, e.g. a UUID, for each new request.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]{1,255}$' },
  example: '3f1c9a52-8d6e-4b1f-9a0e-2c7d5e8b4a61',
} as const

const keyReusedResponse = {
  description: 'The Idempotency-Key was already used for a different request',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
} as const

/** Declares the Idempotency-Key header, and its 422, on every operation that honours it. */
export function withIdempotencyKeyHeader(document: OpenAPIObject): OpenAPIObject {
  const paths = { ...document.paths }
  for (const path of idempotentPaths) {
    const operation = paths[path]?.post
    if (!operation) continue
    paths[path] = {
      ...paths[path],
      post: {
        ...operation,
        parameters: [...(operation.parameters ?? []), idempotencyKeyParameter],
        responses: { '422': keyReusedResponse, ...operation.responses },
      },
    }
  }
  return { ...document, paths }
}

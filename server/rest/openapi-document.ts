import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi'
import { withIdempotencyKeyHeader } from '#server/http/idempotency-openapi.ts'
import { appRouter } from '#server/trpc/router.ts'
import { extraPaths } from './openapi-extra-paths.ts'

const apiVersion = '0.1.0'

type PathItem = NonNullable<OpenAPIObject['paths']>[string]
type Operation = NonNullable<PathItem['get']>
type JsonSchema = Record<string, unknown>

const operationKeys = ['get', 'put', 'post', 'delete', 'patch'] as const
// The /docs page shows one group per tag, in the order the tags first appear in the document.
const tagOrder = ['auth', 'payments', 'interview', 'account', 'support', 'contact']
const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' }

let cached: OpenAPIObject | undefined

/** The REST bridge's contract, generated from the tRPC procedures once per process. */
export function openApiDocument(): OpenAPIObject {
  cached ??= withExtraPaths(
    inTagOrder(
      withEnvelopes(
        generateOpenApiDocument(appRouter, {
          title: 'Interview Helper API',
          description:
            'REST API used by the Interview Helper desktop assistant. Every answer is {success: true, data} or {success: false, error}.',
          version: apiVersion,
          baseUrl: '/api',
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        }),
      ),
    ),
  )
  return cached
}

function withExtraPaths(document: OpenAPIObject): OpenAPIObject {
  return withIdempotencyKeyHeader({ ...document, paths: { ...document.paths, ...extraPaths } })
}

/** Paths grouped by their first tag in `tagOrder`, so the order does not depend on how the routers are composed. */
function inTagOrder(document: OpenAPIObject): OpenAPIObject {
  const rank = (item: PathItem) => {
    const tag = operationKeys.map((key) => item[key]?.tags?.[0]).find((first) => first !== undefined)
    const index = tagOrder.indexOf(tag ?? '')
    return index === -1 ? tagOrder.length : index
  }
  const paths = Object.entries(document.paths ?? {}).sort(([, a], [, b]) => rank(a) - rank(b))
  return { ...document, paths: Object.fromEntries(paths) }
}

/** Rewrites every response schema to the `{success, data}` / `{success, error}` envelope the bridge sends. */
function withEnvelopes(generated: OpenAPIObject): OpenAPIObject {
  const document = structuredClone(generated)
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const key of operationKeys) {
      const operation = pathItem[key]
      if (operation) envelopeResponses(operation)
    }
  }
  const schemas: Record<string, JsonSchema> = Object.fromEntries(
    Object.entries((document.components?.schemas ?? {}) as Record<string, JsonSchema>).filter(
      ([name]) => !name.startsWith('error.'),
    ),
  )
  schemas.ErrorEnvelope = {
    type: 'object',
    description: 'Every failed request: a clear message, with the HTTP status telling the kind of failure.',
    properties: {
      success: { type: 'boolean', const: false },
      error: {
        type: 'string',
        description: 'What went wrong, readable by a person',
        example: 'email: Invalid email address',
      },
      code: {
        type: 'string',
        const: 'SERVICE_UNAVAILABLE',
        description:
          "Only on 503: the service cannot reach its database for now. Nothing to correct; try again after the Retry-After header's seconds.",
      },
    },
    required: ['success', 'error'],
    additionalProperties: false,
  }
  document.components = { ...document.components, schemas }
  return document
}

function envelopeResponses(operation: Operation): void {
  const responses: Record<string, unknown> = { ...operation.responses }
  for (const [status, response] of Object.entries(responses)) {
    if (!isRecord(response) || '$ref' in response) continue
    const content = isRecord(response.content) ? response.content : undefined
    const mediaType = content && isRecord(content['application/json']) ? content['application/json'] : undefined
    if (/^2\d\d$/.test(status)) {
      const data = mediaType?.schema ?? {}
      responses[status] = { ...response, content: { 'application/json': { schema: successEnvelope(data) } } }
    } else {
      responses[status] = { ...response, content: { 'application/json': { schema: errorEnvelopeRef } } }
    }
  }
  // Every failure, whatever its status (413, 415, 429, 502, 503 …), has the same envelope.
  responses.default ??= {
    description: 'Any other failure',
    content: { 'application/json': { schema: errorEnvelopeRef } },
  }
  operation.responses = responses
}

function successEnvelope(data: unknown): JsonSchema {
  return {
    type: 'object',
    properties: { success: { type: 'boolean', const: true }, data },
    required: ['success', 'data'],
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

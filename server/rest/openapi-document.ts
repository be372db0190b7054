import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi'
import { apiRoutes } from '#server/routes/api-routes.ts'
import type { ApiRoute } from '#server/routes/api-route-handlers.ts'
import { withIdempotencyKeyHeader } from '#server/routes/idempotency-openapi.ts'
import type { Operation, PathItem, SchemaObject } from '#server/routes/openapi-shapes.ts'
import { appRouter } from '#server/trpc/router.ts'
import { devMailboxPath } from '#server/trpc/procedures/site/dev-mailbox.ts'
import { accountLimits, type RateLimit } from '#server/accounts/rate-limiter.ts'
import { resendLimits } from '#server/accounts/resend-confirmation.ts'
import { contactLimits } from '#server/contact/contact-limits.ts'
import { utteranceOpenLimit } from '#server/interviews/utterances.ts'
import { publicErrorCodes } from '#server/trpc/public-error-codes.ts'
import { documentVersion } from './api-version.ts'
import { apiGuide } from './openapi-guide.ts'
import { withDeclaredStatuses } from './openapi-declared-statuses.ts'
import { withResponseHeaders } from './openapi-response-headers.ts'
import { withExamples } from './openapi-examples/with-examples.ts'
import { isRecord, operationKeys } from './openapi-object.ts'

/** The abuse limits a client of the REST API can run into, listed in the document. */
const documentedLimits: readonly RateLimit[] = [
  accountLimits.signInPerAddressAndAccount,
  accountLimits.signInPerAccount,
  accountLimits.signInPerAddress,
  accountLimits.secondStepPerAddressAndAccount,
  accountLimits.secondStepPerAccount,
  accountLimits.signUpPerAddress,
  accountLimits.resetPerEmail,
  accountLimits.resetPerAddress,
  resendLimits.cooldown,
  resendLimits.perEmail,
  resendLimits.perAddress,
  contactLimits.perAddress,
  contactLimits.perEmail,
  utteranceOpenLimit,
]

type JsonSchema = Record<string, unknown>

// The API reference shows one group per tag, in the order the tags first appear in the document.
const tagOrder = ['auth', 'payments', 'interview', 'account', 'app', 'support', 'contact', 'health', 'development']
const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' }

const cached = new Map<boolean, OpenAPIObject>()

/**
 * The REST bridge's contract, generated from the tRPC procedures once per process. With
 * `devMailbox` false (production, or mail sent through SMTP) the development mailbox's operation
 * is left out, as the server answers 404 there.
 */
export function openApiDocument({ devMailbox }: { devMailbox: boolean }): OpenAPIObject {
  let document = cached.get(devMailbox)
  if (!document) {
    document = withoutDevMailbox(fullDocument(), devMailbox)
    cached.set(devMailbox, document)
  }
  return document
}

function fullDocument(): OpenAPIObject {
  return withExamples(
    withResponseHeaders(
      withPublicOperationsMarked(
        withRateLimitList(
          withDeclaredStatuses(
            withRoutePaths(
              inTagOrder(
                withEnvelopes(
                  generateOpenApiDocument(appRouter, {
                    title: 'Interview Helper API',
                    description: apiGuide(documentedLimits),
                    version: documentVersion,
                    baseUrl: '/api',
                    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
                  }),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  )
}

function withoutDevMailbox(document: OpenAPIObject, devMailbox: boolean): OpenAPIObject {
  if (devMailbox) return document
  const { [devMailboxPath]: _left, ...paths } = document.paths ?? {}
  return { ...document, paths }
}

/**
 * Operations anyone may call say so with an empty `security` list (a generator and a linter cannot
 * tell "public" from "forgotten" otherwise), and the document names its licence.
 */
function withPublicOperationsMarked(document: OpenAPIObject): OpenAPIObject {
  const marked = structuredClone(document)
  for (const pathItem of Object.values(marked.paths ?? {}))
    for (const key of operationKeys) {
      const operation = pathItem[key]
      if (operation && operation.security === undefined) operation.security = []
    }
  marked.info = { ...marked.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } }
  return marked
}

/** The limits again, machine-readable, under the `x-rate-limits` extension. */
function withRateLimitList(document: OpenAPIObject): OpenAPIObject {
  const limits = documentedLimits.map((limit) => ({
    policy: limit.name,
    quota: limit.limit,
    windowSeconds: Math.round(limit.windowMs / 1000),
  }))
  return { ...document, 'x-rate-limits': limits }
}

/** `/api/interview/sessions/$id/review/pdf` (a file route's path) → `/interview/sessions/{id}/review/pdf` (the document's, under its /api server). */
const documentPath = (path: string) => path.replace(/^\/api/, '').replace(/\$(\w+)/g, '{$1}')

/**
 * The routes served beside the bridge (trpc-to-openapi takes JSON only and cannot stream, and the
 * probes must not depend on it), each described in its own module, so the whole API is in one document.
 */
function withRoutePaths(document: OpenAPIObject): OpenAPIObject {
  const paths: Record<string, PathItem> = {}
  const schemas: Record<string, SchemaObject> = {}
  for (const [path, route] of Object.entries<ApiRoute>(apiRoutes)) {
    if (!('openapi' in route)) continue
    paths[documentPath(path)] = route.openapi
    Object.assign(schemas, route.schemas)
  }
  const components = { ...document.components, schemas: { ...document.components?.schemas, ...schemas } }
  return withIdempotencyKeyHeader({ ...document, components, paths: { ...document.paths, ...paths } })
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
    description:
      'Every failed request: a message for people and a stable code for programs. Each operation lists the codes each of its statuses carries; within v1 new codes may be added, so treat an unknown one by its HTTP status.',
    properties: {
      success: { type: 'boolean', const: false },
      error: {
        type: 'string',
        description: 'What went wrong, readable by a person',
        example: 'email: Invalid email address',
      },
      code: {
        type: 'string',
        enum: publicErrorCodes,
        description:
          'What went wrong, for programs: e.g. `plan_required`, `feature_not_in_plan`, `interviews_exhausted`, `rate_limited` (see Retry-After), `service_unavailable` (the database cannot be reached for now; try again after Retry-After).',
        example: 'invalid_request',
      },
      details: {
        type: 'object',
        description:
          "Facts a program needs to act on the refusal, present only where a code names them: `session_active` carries `sessionId`, the session already running (end it or carry on with it); `mfa_required` carries `challengeToken` and its `expiresAt` (send the token with a code to POST /auth/mfa/verify), or, with Supabase configured, `factorId`, the Supabase factor to challenge and verify at Supabase before signing in again with the aal2 token; /ready's 503 carries its `status` and `checks`.",
        properties: {
          sessionId: { type: 'string' },
          challengeToken: { type: 'string' },
          factorId: { type: 'string' },
          expiresAt: { type: 'string', format: 'date-time' },
        },
        // Other codes carry their own facts (/ready's `status` and `checks`): the list above is not closed.
        additionalProperties: true,
        example: { sessionId: '5f0c2a9e-3c1b-4d0e-9a57-2b8e6f1d4c3a' },
      },
    },
    required: ['success', 'error', 'code'],
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

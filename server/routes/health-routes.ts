import { z } from 'zod'
import { bootState } from '#server/health/boot.ts'
import { readinessChecksSchema, type ReadinessChecks } from '#server/health/readiness-checks.ts'
import { databaseUnreachable, readiness, type Readiness } from '#server/health/readiness.ts'
import { jsonResponse } from '#server/http/json-response.ts'
import { getRuntime } from '#server/runtime.ts'
import type { Runtime } from '#server/runtime.types.ts'
import type { ApiRoute } from './api-route-handlers.ts'
import { errorEnvelope, successAnswer } from './route-openapi.ts'

export const startingError = 'This server is starting'

/**
 * GET /api/health: the process serves requests, once its boot is done (the runtime started and the
 * page router warmed; 503 until then). Touches nothing else, so a slow database cannot fail it.
 */
function handleHealth(): Response {
  return bootState().booted()
    ? jsonResponse({ success: true, data: { status: 'live' } }, 200)
    : jsonResponse({ success: false, error: startingError, code: 'service_unavailable' }, 503)
}

/** Before the runtime could start (its database unreachable at boot) nothing else is known. */
const notStarted: ReadinessChecks = { database: 'down', migrations: null, projections: null, inngest: 'not-checked' }

/**
 * GET /api/ready: 200 with each check when ready; 503 with the same checks under `details` and an
 * error naming every problem otherwise.
 */
async function handleReady(runtime: () => Promise<Runtime>): Promise<Response> {
  let result: Readiness
  try {
    result = await readiness(await runtime())
  } catch {
    result = { ready: false, checks: notStarted, problems: [databaseUnreachable] }
  }
  if (!bootState().booted()) result = { ...result, ready: false, problems: [startingError, ...result.problems] }
  return result.ready
    ? jsonResponse({ success: true, data: { status: 'ready', checks: result.checks } }, 200)
    : jsonResponse(
        {
          success: false,
          error: result.problems.join('; '),
          code: 'service_unavailable',
          details: { status: 'not-ready', checks: result.checks },
        },
        503,
      )
}

const readinessChecks = z.toJSONSchema(readinessChecksSchema, { metadata: z.registry() })

/** `{success: true, data: {status, …more}}`. */
const statusAnswer = (status: string, description: string, more: Record<string, unknown> = {}) =>
  successAnswer(description, {
    type: 'object',
    properties: { status: { type: 'string', const: status }, ...more },
    required: ['status', ...Object.keys(more)],
  })

// The probes are served beside the REST bridge: they must not depend on it.
export const healthRoute = {
  handlers: { GET: handleHealth },
  openapi: {
    get: {
      operationId: 'health',
      tags: ['health'],
      summary: 'Liveness: the server process answers',
      description:
        '200 while the process serves requests, once it has started (its database connected and migrated, its pages ready to render); 503 `service_unavailable` while it starts or stops. It does not touch the database.',
      responses: {
        '200': statusAnswer('live', 'The process serves requests'),
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
} satisfies ApiRoute

export const readyRoute = {
  handlers: { GET: () => handleReady(getRuntime) },
  openapi: {
    get: {
      operationId: 'ready',
      tags: ['health'],
      summary: 'Readiness: database, migrations, views and Inngest, check by check',
      description:
        'Answers 200 when the server has started, the database answers, every migration of this release has run, no projection is halted at an event it cannot apply, and a self-hosted Inngest server (INNGEST_BASE_URL, or INNGEST_DEV) answers; 503 otherwise, with the same checks under `details` and an error naming each problem. Each projection reports how many events it is behind (reported, never a reason for 503). Inngest Cloud is not probed. Support staff see a halted projection on /support and can retry it there.',
      responses: {
        '200': statusAnswer('ready', 'Ready to serve, with each check', { checks: readinessChecks }),
        '503': {
          description: 'Not ready: the error names each problem; `details.checks` has every check',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorEnvelope' },
                  {
                    type: 'object',
                    properties: {
                      details: {
                        type: 'object',
                        properties: { status: { type: 'string', const: 'not-ready' }, checks: readinessChecks },
                        required: ['status', 'checks'],
                      },
                    },
                    required: ['details'],
                  },
                ],
              },
            },
          },
        },
        default: { description: 'Any other failure', content: errorEnvelope },
      },
    },
  },
} satisfies ApiRoute

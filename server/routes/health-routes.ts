import type { ReadinessChecks } from '#server/health/readiness-checks.ts'
import { databaseUnreachable, readiness, type Readiness } from '#server/health/readiness.ts'
import { jsonResponse } from '#server/http/json-response.ts'
import type { Runtime } from '#server/runtime.types.ts'

/** GET /api/health: the process serves requests. Touches nothing else, so a slow database cannot fail it. */
export function handleHealth(): Response {
  return jsonResponse({ success: true, data: { status: 'live' } }, 200)
}

/** Before the runtime could start (its database unreachable at boot) nothing else is known. */
const notStarted: ReadinessChecks = { database: 'down', migrations: null, projections: null, inngest: 'not-checked' }

/**
 * GET /api/ready: 200 with each check when ready; 503 with the same checks under `details` and an
 * error naming every problem otherwise.
 */
export async function handleReady(runtime: () => Promise<Runtime>): Promise<Response> {
  let result: Readiness
  try {
    result = await readiness(await runtime())
  } catch {
    result = { ready: false, checks: notStarted, problems: [databaseUnreachable] }
  }
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

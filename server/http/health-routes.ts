import { databaseUnreachable, readiness } from '#server/health/readiness.ts'
import { jsonResponse } from '#server/rest/json-response.ts'
import type { Runtime } from '#server/runtime.types.ts'

/** GET /api/health: the process serves requests. Touches nothing else, so a slow database cannot fail it. */
export function handleHealth(): Response {
  return jsonResponse({ success: true, data: { status: 'live' } }, 200)
}

/** GET /api/ready: 200 when the database answers and every projection moves, 503 saying why not. */
export async function handleReady(runtime: () => Promise<Runtime>): Promise<Response> {
  let started: Runtime
  try {
    started = await runtime()
  } catch {
    return jsonResponse({ success: false, error: databaseUnreachable }, 503)
  }
  const result = await readiness(started)
  return result.ready
    ? jsonResponse({ success: true, data: { status: 'ready' } }, 200)
    : jsonResponse({ success: false, error: result.reason }, 503)
}

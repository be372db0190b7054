import { serve } from 'inngest/edge'
import type { Runtime } from '../server/runtime.ts'
import { createProjectEventsFunctions } from './functions/project-events.ts'

type Handler = (request: Request) => Promise<Response>
let handler: Handler | undefined

/** The `/api/inngest` endpoint: Inngest calls it to run our functions, with retries it shows in its UI. */
export async function serveInngest(runtime: Runtime, request: Request): Promise<Response> {
  const client = runtime.notifier.inngest
  if (!client) {
    return Response.json(
      {
        success: false,
        error: 'Inngest is not configured: projections run in-process. Set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (or INNGEST_DEV=1) to use Inngest.',
      },
      { status: 503 },
    )
  }
  handler ??= serve({
    client,
    functions: createProjectEventsFunctions(client, runtime.projections),
    servePath: '/api/inngest',
    ...(runtime.config.inngest?.signingKey ? { signingKey: runtime.config.inngest.signingKey } : {}),
  })
  return handler(request)
}

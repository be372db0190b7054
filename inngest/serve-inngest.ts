import { serve } from 'inngest/edge'
import type { Runtime } from '#server/runtime.types.ts'
import { createJobFunctions } from './functions/job-functions.ts'
import { createDeliveryFunction } from './functions/razorpay-delivery-function.ts'

type Handler = (request: Request) => Promise<Response>
let handler: Handler | undefined

/** The `/api/inngest` endpoint: Inngest calls it to run our background jobs, with retries it shows in its UI. */
export async function serveInngest(runtime: Runtime, request: Request): Promise<Response> {
  const client = runtime.jobs.inngest
  if (!client) {
    return Response.json(
      {
        success: false,
        error:
          'Inngest is not configured: background jobs run in-process. Set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (or INNGEST_DEV=1) to use Inngest.',
      },
      { status: 503 },
    )
  }
  handler ??= serve({
    client,
    functions: [...createJobFunctions(client, runtime.jobs.jobs), createDeliveryFunction(client, runtime)],
    servePath: '/api/inngest',
    ...(runtime.config.inngest?.signingKey ? { signingKey: runtime.config.inngest.signingKey } : {}),
  })
  return handler(request)
}

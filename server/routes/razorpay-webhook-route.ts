import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { bodyLimits } from '#server/http/body-limits.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import { routeErrorResponse } from '#server/routes/error-envelope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { getRuntime } from '#server/runtime.ts'
import { domainErrorOf } from '#server/trpc/domain-errors.ts'
import { internalErrorMessage } from '#server/trpc/init.ts'
import { publicCodeOf } from '#server/trpc/public-error-codes.ts'
import type { ApiRoute } from './api-route-handlers.ts'

/** POST /api/webhooks/razorpay: the raw body is what Razorpay signed, so it is read as text, untouched. */
async function handleRazorpayWebhook(runtime: Runtime, request: Request): Promise<Response> {
  const body = await readRequestBody(request, bodyLimits.webhook)
  if (!body.ok) return routeErrorResponse(body.status, body.message)
  const rawBody = new TextDecoder().decode(body.bytes)
  try {
    return Response.json({ success: true, data: await receiveRazorpayWebhook(runtime, rawBody, request.headers) })
  } catch (error) {
    const refusal = domainErrorOf(error)
    if (refusal) return routeErrorResponse(400, refusal.message, undefined, publicCodeOf(refusal.code))
    runtime.log.error('webhook could not be stored', { error })
    // 5xx makes Razorpay retry the delivery later.
    return routeErrorResponse(500, internalErrorMessage)
  }
}

export const razorpayWebhookRoute = {
  handlers: { POST: async ({ request }: { request: Request }) => handleRazorpayWebhook(await getRuntime(), request) },
  undocumented: 'Razorpay calls it, signed with the webhook secret; no client of the API does',
} satisfies ApiRoute

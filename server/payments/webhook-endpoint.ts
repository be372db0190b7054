import { domainErrorOf } from '#server/trpc/domain-errors.ts'
import type { Runtime } from '#server/runtime.ts'
import { receiveRazorpayWebhook } from './webhook-deliveries.ts'

const maxBodyBytes = 1024 * 1024

/** POST /api/webhooks/razorpay: the raw body is what Razorpay signed, so it is read as text, untouched. */
export async function handleRazorpayWebhook(runtime: Runtime, request: Request): Promise<Response> {
  const rawBody = await request.text()
  if (Buffer.byteLength(rawBody) > maxBodyBytes)
    return Response.json({ success: false, error: 'The webhook body is too large' }, { status: 413 })
  try {
    return Response.json({ success: true, data: await receiveRazorpayWebhook(runtime, rawBody, request.headers) })
  } catch (error) {
    const refusal = domainErrorOf(error)
    if (refusal) return Response.json({ success: false, error: refusal.message }, { status: 400 })
    runtime.log.error('webhook could not be stored', { error })
    // 5xx makes Razorpay retry the delivery later.
    return Response.json({ success: false, error: 'Internal server error' }, { status: 500 })
  }
}

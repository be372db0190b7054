import { z } from 'zod'

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  status: z.string().optional(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
})

/** The parts of a Razorpay webhook body we act on; anything else in it is kept but not read. */
export const razorpayWebhook = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), amount: z.number().int().optional() }) }).optional(),
    })
    .default({}),
})

export type RazorpayWebhook = z.infer<typeof razorpayWebhook>

export type WebhookAction =
  | { kind: 'paid'; orderId: string; paymentId: string; amount: number }
  | { kind: 'failed'; orderId: string; paymentId: string; reason: string; code: string | null }
  | { kind: 'ignored'; why: string }

/** What a delivery means for an order, whichever of the three events carried it. */
export function actionOf(webhook: RazorpayWebhook): WebhookAction {
  const payment = webhook.payload.payment?.entity
  const orderId = payment?.order_id ?? webhook.payload.order?.entity.id
  switch (webhook.event) {
    case 'payment.captured':
    case 'order.paid':
      if (!payment || !orderId) return { kind: 'ignored', why: `${webhook.event} without a payment and order` }
      return { kind: 'paid', orderId, paymentId: payment.id, amount: payment.amount }
    case 'payment.failed':
      if (!payment || !orderId) return { kind: 'ignored', why: 'payment.failed without a payment and order' }
      return {
        kind: 'failed',
        orderId,
        paymentId: payment.id,
        reason: payment.error_description ?? 'Payment failed',
        code: payment.error_code ?? null,
      }
    default:
      return { kind: 'ignored', why: `${webhook.event} is not an event we act on` }
  }
}

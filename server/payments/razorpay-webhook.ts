import { z } from 'zod'

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string().nullish(),
  status: z.string().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
})

/** The parts of a Razorpay webhook body we act on; the rest (the payer's contact and card details) is never kept. */
export const razorpayWebhook = z.object({
  event: z.string(),
  created_at: z.number().int().nullish(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), amount: z.number().int().optional() }) }).optional(),
    })
    .default({}),
})

type RazorpayWebhook = z.infer<typeof razorpayWebhook>

/**
 * What a delivery stores: only the fields its processing reads. No e-mail, phone, card, VPA or
 * notes, so nothing in `webhook_deliveries` outlives a person's erasure.
 */
export const webhookFacts = z.object({
  event: z.string(),
  /** Razorpay's own time of the event, in Unix seconds. */
  createdAt: z.number().int().nullable(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorDescription: z.string().nullable(),
})

export type WebhookFacts = z.infer<typeof webhookFacts>

export function factsOf(webhook: RazorpayWebhook): WebhookFacts {
  const payment = webhook.payload.payment?.entity
  return {
    event: webhook.event,
    createdAt: webhook.created_at ?? null,
    orderId: payment?.order_id ?? webhook.payload.order?.entity.id ?? null,
    paymentId: payment?.id ?? null,
    amount: payment?.amount ?? null,
    currency: payment?.currency ?? null,
    status: payment?.status ?? null,
    errorCode: payment?.error_code ?? null,
    errorDescription: payment?.error_description ?? null,
  }
}

export type WebhookAction =
  | { kind: 'paid'; orderId: string; paymentId: string; amount: number }
  | { kind: 'failed'; orderId: string; paymentId: string; reason: string; code: string | null }
  | { kind: 'ignored'; why: string }

/** What a delivery means for an order, whichever of the three events carried it. */
export function actionOf(facts: WebhookFacts): WebhookAction {
  const { event, orderId, paymentId, amount } = facts
  switch (event) {
    case 'payment.captured':
    case 'order.paid':
      if (paymentId === null || orderId === null || amount === null)
        return { kind: 'ignored', why: `${event} without a payment and order` }
      return { kind: 'paid', orderId, paymentId, amount }
    case 'payment.failed':
      if (paymentId === null || orderId === null)
        return { kind: 'ignored', why: 'payment.failed without a payment and order' }
      return {
        kind: 'failed',
        orderId,
        paymentId,
        reason: facts.errorDescription ?? 'Payment failed',
        code: facts.errorCode,
      }
    default:
      return { kind: 'ignored', why: `${event} is not an event we act on` }
  }
}

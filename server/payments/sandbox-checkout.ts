import { DomainError } from '#events/domain-error.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { receiveRazorpayWebhook } from './webhook-deliveries.ts'

const sandboxFailure = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment was declined by the bank (sandbox test card).',
} as const

/**
 * What the local checkout dialog calls instead of Razorpay: it answers what Checkout.js would hand
 * the page, and sends the webhook Razorpay would send, signed, through our own webhook route logic.
 */
export async function completeSandboxCheckout(
  scope: SignedInScope,
  input: { orderId: string; outcome: 'success' | 'failure' },
) {
  const { runtime, userId } = scope
  const sandbox = runtime.payments.sandbox
  if (!sandbox) throw new DomainError('not-found', 'The sandbox checkout exists only when Razorpay is not configured.')
  const { state } = await orderCommands.load(runtime.store, input.orderId)
  if (state.status === 'none' || state.userId !== userId) throw new DomainError('not-found', 'Order not found')

  const paymentId = input.outcome === 'success' ? undefined : sandbox.newPaymentId()
  const result =
    input.outcome === 'success'
      ? await sandbox.signCheckout(input.orderId, await sandbox.capturedPaymentId(input.orderId))
      : undefined
  const payment = {
    id: result?.razorpay_payment_id ?? paymentId ?? '',
    entity: 'payment',
    amount: state.amount,
    currency: 'INR',
    status: input.outcome === 'success' ? 'captured' : 'failed',
    order_id: input.orderId,
    error_code: input.outcome === 'success' ? null : sandboxFailure.code,
    error_description: input.outcome === 'success' ? null : sandboxFailure.description,
  }
  const body = JSON.stringify({
    entity: 'event',
    event: input.outcome === 'success' ? 'payment.captured' : 'payment.failed',
    contains: ['payment'],
    payload: { payment: { entity: payment } },
    created_at: Math.floor(runtime.clock.now().getTime() / 1000),
  })
  await receiveRazorpayWebhook(
    runtime,
    body,
    new Headers({
      'x-razorpay-signature': await sandbox.signWebhook(body),
      'x-razorpay-event-id':
        input.outcome === 'success' ? await sandbox.capturedEventId(input.orderId) : sandbox.newEventId(),
    }),
  )
  return input.outcome === 'success' && result
    ? { outcome: 'success' as const, result }
    : {
        outcome: 'failure' as const,
        error: {
          code: sandboxFailure.code,
          description: sandboxFailure.description,
          metadata: { order_id: input.orderId, payment_id: payment.id },
        },
      }
}

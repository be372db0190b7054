import { DomainError } from '#events/domain-error.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import { continuingProcess } from '#events/store/correlation.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { actionOf, type WebhookFacts } from './razorpay-webhook.ts'
import { recordPayment } from './record-payment.ts'
import type { WebhookOutcome } from './tables.ts'

type AppliedWebhook = { outcome: Exclude<WebhookOutcome, 'failed'>; detail: string }

/**
 * Applies one stored delivery to its order. Every answer is an outcome: a second capture for a
 * paid order is a duplicate payment recorded on the order, an order we never created (another app
 * on the same Razorpay account) is ignored. It throws only when it could not decide, so the
 * delivery is tried again.
 */
export async function applyWebhook(runtime: Runtime, deliveryId: string, facts: WebhookFacts): Promise<AppliedWebhook> {
  const action = actionOf(facts)
  // No request here: the delivery acts, and its id ties the events it causes together.
  const delivery = {
    runtime,
    metadata: (userId?: string): EventMetadata => ({
      actor: { type: 'webhook', id: deliveryId },
      ...(userId ? { userId } : {}),
      causationId: deliveryId,
      correlationId: deliveryId,
    }),
  }
  try {
    if (action.kind === 'ignored') return { outcome: 'ignored', detail: action.why }
    if (action.kind === 'paid') {
      const { order, newlyPaid } = await recordPayment(delivery, { ...action, verifiedBy: 'webhook' })
      if (order.status !== 'none' && order.duplicatePayments.some((due) => due.paymentId === action.paymentId))
        return {
          outcome: 'duplicate-payment',
          detail:
            order.status === 'paid'
              ? `order already paid with ${order.paymentId ?? 'another payment'}; ${action.paymentId} needs a refund`
              : `the order's owner was erased; ${action.paymentId} needs a refund`,
        }
      return { outcome: 'processed', detail: newlyPaid ? 'order paid' : `no change (order ${order.status})` }
    }
    const result = await orderCommands.run(runtime.store, action.orderId, ({ state, events }) => ({
      command: { type: 'RecordFailure', paymentId: action.paymentId, reason: action.reason, code: action.code },
      metadata: continuingProcess(delivery.metadata, events)(state.status === 'none' ? '' : state.userId),
    }))
    return {
      outcome: 'processed',
      detail: result.decided.length > 0 ? 'payment failure recorded' : `no change (order ${result.after.status})`,
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not-found')
      return { outcome: 'ignored', detail: 'unknown order' }
    throw error
  }
}

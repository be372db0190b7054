import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { applyWebhook } from './apply-webhook.ts'
import { errorText, settleDelivery, type ClaimedDelivery } from './delivery-claims.ts'
import { webhookFacts } from './razorpay-webhook.ts'
import type { WebhookOutcome } from './tables.ts'

/** What one attempt at a claimed delivery came to; `error` is why it did not apply, when it did not. */
export type DeliveryAttempt =
  | { outcome: Exclude<WebhookOutcome, 'failed'>; detail: string | null }
  | { outcome: 'failed' | 'retrying'; error: unknown }

/**
 * When a delivery whose attempt failed is due again, or null when that attempt was its last. The
 * in-process job backs off itself; Inngest schedules its own retries, so under it a delivery is
 * due again at once and the next invocation finds it claimable.
 */
export type NextAttempt = (delivery: ClaimedDelivery) => Date | null

/**
 * The one way a Razorpay delivery is applied, whichever scheduler runs it: apply the webhook to
 * its order and give the delivery its outcome; a refusal (DomainError) is final at once, since
 * asking again gives the same answer; any other failure records its error and when the delivery
 * is due again, or ends it failed after its last attempt.
 */
export async function attemptDelivery(
  runtime: Runtime,
  delivery: ClaimedDelivery,
  nextAttempt: NextAttempt,
): Promise<DeliveryAttempt> {
  const deliveryId = delivery.event_id
  try {
    const { outcome, detail } = await applyWebhook(runtime, deliveryId, webhookFacts.parse(delivery.payload))
    await settleDelivery(runtime, deliveryId, { outcome, outcome_detail: detail, last_error: null })
    return { outcome, detail }
  } catch (error) {
    const message = errorText(error)
    const dueAgain = error instanceof DomainError ? null : nextAttempt(delivery)
    if (!dueAgain) {
      runtime.log.error('webhook delivery failed for good; it needs an operator', {
        deliveryId,
        attempt: delivery.attempts,
        error: message,
      })
      await settleDelivery(runtime, deliveryId, { outcome: 'failed', outcome_detail: null, last_error: message })
      return { outcome: 'failed', error }
    }
    runtime.log.warn('webhook delivery failed; it will be tried again', {
      deliveryId,
      attempt: delivery.attempts,
      nextAttemptAt: dueAgain.toISOString(),
      error: message,
    })
    await runtime.db
      .updateTable('webhook_deliveries')
      .set({ last_error: message, next_attempt_at: dueAgain, claimed_by: null })
      .where('event_id', '=', deliveryId)
      .where('outcome', 'is', null)
      .execute()
    return { outcome: 'retrying', error }
  }
}

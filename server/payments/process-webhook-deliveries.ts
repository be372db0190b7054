import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { applyWebhook } from './apply-webhook.ts'
import { claimDelivery, errorText, settleDelivery, type ClaimedDelivery } from './delivery-claims.ts'
import { webhookFacts } from './razorpay-webhook.ts'
import type { WebhookOutcome } from './tables.ts'
import { retryDelayMs, webhookRetryPolicy } from './webhook-retry-policy.ts'
import { webhookProcessingEvent } from './webhook-events.ts'

/** At most this many deliveries per run; a full batch wakes the job again for the rest. */
const batchSize = 100

type WebhookRun = Record<WebhookOutcome | 'retrying', number>

/**
 * Works through the deliveries that are due, soonest first, each on its own: a delivery that fails
 * is given its next attempt later (exponential backoff with jitter) and never holds up the others,
 * and after the last attempt it ends failed with its error. Two runs (two instances, or Inngest and
 * a poll) never take the same delivery: each claims one with FOR UPDATE SKIP LOCKED and a lease.
 */
export async function processWebhookDeliveries(runtime: Runtime): Promise<WebhookRun> {
  const run: WebhookRun = { processed: 0, ignored: 0, 'duplicate-payment': 0, failed: 0, retrying: 0 }
  let claimed = 0
  for (; claimed < batchSize; claimed += 1) {
    const delivery = await claimDelivery(runtime)
    if (!delivery) break
    run[await processClaimed(runtime, delivery)] += 1
  }
  if (claimed === batchSize) runtime.jobs.wake(webhookProcessingEvent)
  return run
}

async function processClaimed(runtime: Runtime, delivery: ClaimedDelivery): Promise<WebhookOutcome | 'retrying'> {
  const deliveryId = delivery.event_id
  try {
    const { outcome, detail } = await applyWebhook(runtime, deliveryId, webhookFacts.parse(delivery.payload))
    await settleDelivery(runtime, deliveryId, { outcome, outcome_detail: detail, last_error: null })
    return outcome
  } catch (error) {
    const message = errorText(error)
    // A refusal is a decision: asking again gives the same answer.
    const final = error instanceof DomainError || delivery.attempts >= webhookRetryPolicy.maxAttempts
    if (final) {
      runtime.log.error('webhook delivery failed for good; it needs an operator', {
        deliveryId,
        attempt: delivery.attempts,
        error: message,
      })
      await settleDelivery(runtime, deliveryId, { outcome: 'failed', outcome_detail: null, last_error: message })
      return 'failed'
    }
    const nextAttemptAt = new Date(runtime.clock.now().getTime() + retryDelayMs(delivery.attempts))
    runtime.log.warn('webhook delivery failed; it will be tried again', {
      deliveryId,
      attempt: delivery.attempts,
      nextAttemptAt: nextAttemptAt.toISOString(),
      error: message,
    })
    await runtime.db
      .updateTable('webhook_deliveries')
      .set({ last_error: message, next_attempt_at: nextAttemptAt })
      .where('event_id', '=', deliveryId)
      .execute()
    return 'retrying'
  }
}

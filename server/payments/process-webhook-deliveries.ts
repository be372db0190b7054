import type { Runtime } from '#server/runtime.types.ts'
import { attemptDelivery, type NextAttempt } from './attempt-delivery.ts'
import { claimDelivery } from './delivery-claims.ts'
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
  const backOff: NextAttempt = ({ attempts }) =>
    attempts >= webhookRetryPolicy.maxAttempts ? null : new Date(runtime.clock.now().getTime() + retryDelayMs(attempts))
  let claimed = 0
  for (; claimed < batchSize; claimed += 1) {
    const delivery = await claimDelivery(runtime)
    if (!delivery) break
    run[(await attemptDelivery(runtime, delivery, backOff)).outcome] += 1
  }
  if (claimed === batchSize) runtime.jobs.wake(webhookProcessingEvent)
  return run
}

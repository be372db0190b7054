import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { applyWebhook } from './apply-webhook.ts'
import { webhookFacts } from './razorpay-webhook.ts'
import type { PaymentTables, WebhookOutcome } from './tables.ts'
import { retryDelayMs, webhookRetryPolicy } from './webhook-retry-policy.ts'
import { webhookProcessingEvent } from './webhook-deliveries.ts'

type Delivery = PaymentTables['webhook_deliveries']
type Claimed = Pick<Delivery, 'event_id' | 'attempts'> & { payload: unknown }

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
    const delivery = await claimNextDue(runtime)
    if (!delivery) break
    run[await processClaimed(runtime, delivery)] += 1
  }
  if (claimed === batchSize) runtime.jobs.wake(webhookProcessingEvent)
  return run
}

async function claimNextDue(runtime: Runtime): Promise<Claimed | undefined> {
  const now = runtime.clock.now()
  return runtime.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + webhookRetryPolicy.claimLeaseMs),
    }))
    .where('event_id', '=', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('event_id')
        .where('outcome', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('received_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('outcome', 'is', null)
    .returning(['event_id', 'attempts', 'payload'])
    .executeTakeFirst()
}

async function processClaimed(runtime: Runtime, delivery: Claimed): Promise<WebhookOutcome | 'retrying'> {
  const deliveryId = delivery.event_id
  try {
    const { outcome, detail } = await applyWebhook(runtime, deliveryId, webhookFacts.parse(delivery.payload))
    await settle(runtime, deliveryId, { outcome, outcome_detail: detail, last_error: null })
    return outcome
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
    // A refusal is a decision: asking again gives the same answer.
    const final = error instanceof DomainError || delivery.attempts >= webhookRetryPolicy.maxAttempts
    if (final) {
      runtime.log.error('webhook delivery failed for good; it needs an operator', {
        deliveryId,
        attempt: delivery.attempts,
        error: message,
      })
      await settle(runtime, deliveryId, { outcome: 'failed', outcome_detail: null, last_error: message })
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

function settle(
  runtime: Runtime,
  deliveryId: string,
  end: Pick<Delivery, 'outcome' | 'outcome_detail' | 'last_error'>,
) {
  return runtime.db
    .updateTable('webhook_deliveries')
    .set({ ...end, processed_at: runtime.clock.now(), next_attempt_at: null })
    .where('event_id', '=', deliveryId)
    .execute()
}

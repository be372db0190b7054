import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { attemptDelivery } from './attempt-delivery.ts'
import { claimDelivery } from './delivery-claims.ts'
import type { WebhookOutcome } from './tables.ts'

export type DeliveryResult = { deliveryId: string; outcome: WebhookOutcome; detail: string | null }

/**
 * One delivery, for a caller that retries it itself (an Inngest function): it ends with an outcome
 * and returns it, or throws with why not. A refusal (DomainError) is final at once and recorded as
 * failed before it is rethrown; any other failure leaves the delivery due at once for the caller's
 * next attempt and is rethrown. A delivery that already has an outcome is returned as it is, never
 * applied again.
 */
export async function processDelivery(runtime: Runtime, deliveryId: string): Promise<DeliveryResult> {
  const claimed = await claimDelivery(runtime, deliveryId)
  if (!claimed) return existingOutcome(runtime, deliveryId)
  const attempt = await attemptDelivery(runtime, claimed, () => runtime.clock.now())
  if ('error' in attempt) throw attempt.error
  return { deliveryId, outcome: attempt.outcome, detail: attempt.detail }
}

async function existingOutcome(runtime: Runtime, deliveryId: string): Promise<DeliveryResult> {
  const row = await runtime.db
    .selectFrom('webhook_deliveries')
    .select(['outcome', 'outcome_detail', 'next_attempt_at'])
    .where('event_id', '=', deliveryId)
    .executeTakeFirst()
  if (!row) throw new DomainError('not-found', `No webhook delivery ${deliveryId}`)
  if (row.outcome) return { deliveryId, outcome: row.outcome, detail: row.outcome_detail }
  // Another run holds it (its lease), or it is not due: this attempt fails and is retried later.
  throw new Error(
    `Webhook delivery ${deliveryId} is being processed by another run until ${row.next_attempt_at?.toISOString() ?? 'now'}`,
  )
}

/**
 * The end of a delivery whose attempts are all spent (Inngest's onFailure): failed, with the last
 * error, unless an attempt gave it an outcome after all.
 */
export async function markDeliveryFailed(runtime: Runtime, deliveryId: string, error: string): Promise<void> {
  const result = await runtime.db
    .updateTable('webhook_deliveries')
    .set({
      outcome: 'failed',
      last_error: error.slice(0, 1000),
      processed_at: runtime.clock.now(),
      next_attempt_at: null,
      claimed_by: null,
    })
    .where('event_id', '=', deliveryId)
    .where('outcome', 'is', null)
    .executeTakeFirst()
  if (result.numUpdatedRows > 0n)
    runtime.log.error('webhook delivery failed for good; it needs an operator', { deliveryId, error })
}

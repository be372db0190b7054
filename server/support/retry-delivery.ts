import { DomainError } from '#events/domain-error.ts'
import { applyWebhook } from '#server/payments/apply-webhook.ts'
import { errorText, settleDelivery } from '#server/payments/delivery-claims.ts'
import { webhookFacts } from '#server/payments/razorpay-webhook.ts'
import { webhookRetryPolicy } from '#server/payments/webhook-retry-policy.ts'
import { deliveryReceivedEvent } from '#server/payments/webhook-events.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { listDeliveries, type DeliveryRow } from './webhook-delivery-list.ts'

async function deliveryRow(runtime: Runtime, deliveryId: string): Promise<DeliveryRow> {
  const [row] = await listDeliveries(runtime, { filter: 'all', limit: 1, deliveryId })
  if (!row) throw new DomainError('not-found', `No webhook delivery ${deliveryId}`)
  return row
}

/**
 * Support's retry of a delivery that ended failed, or is pending after a failed attempt: it is
 * made pending (its attempts and last error kept) and processed once more. With Inngest that is a new run of the delivery's
 * function (a new event id: Inngest drops a repeated one), which the answer links to once it
 * starts; in-process it is one attempt now, and a failure ends it failed again with its error.
 */
export async function retryDelivery(runtime: Runtime, deliveryId: string, by: string) {
  const inngest = runtime.jobs.inngest
  const now = runtime.clock.now()
  // In-process the retry claims the delivery as it reopens it (an attempt, and the lease), so the
  // webhook job cannot take it in between; with Inngest the new run claims it.
  const reopened = await runtime.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      outcome: null,
      outcome_detail: null,
      processed_at: null,
      ...(inngest
        ? { next_attempt_at: now, claimed_by: null }
        : {
            attempts: eb('attempts', '+', 1),
            next_attempt_at: new Date(now.getTime() + webhookRetryPolicy.claimLeaseMs),
            claimed_by: runtime.instanceId,
          }),
    }))
    .where('event_id', '=', deliveryId)
    .where((eb) =>
      eb.or([eb('outcome', '=', 'failed'), eb.and([eb('outcome', 'is', null), eb('last_error', 'is not', null)])]),
    )
    .returning(['event_id', 'payload'])
    .executeTakeFirst()
  if (!reopened) {
    const row = await deliveryRow(runtime, deliveryId)
    throw new DomainError(
      'concurrent-change',
      `Only a failed delivery, or a pending one that has failed, can be retried; ${deliveryId} is ${row.outcome}`,
    )
  }
  runtime.log.info('support retries a webhook delivery', { deliveryId, by, via: inngest ? 'inngest' : 'in-process' })
  if (inngest) {
    await inngest.send({
      name: deliveryReceivedEvent,
      id: `${deliveryId}:retry:${now.getTime()}`,
      data: { deliveryId },
    })
    await runtime.db
      .updateTable('webhook_deliveries')
      .set({ event_sent_at: runtime.clock.now() })
      .where('event_id', '=', deliveryId)
      .execute()
    return { via: 'inngest' as const, delivery: await deliveryRow(runtime, deliveryId) }
  }
  try {
    const { outcome, detail } = await applyWebhook(runtime, deliveryId, webhookFacts.parse(reopened.payload))
    await settleDelivery(runtime, deliveryId, { outcome, outcome_detail: detail, last_error: null })
  } catch (error) {
    // One attempt per retry: it ends failed again, with this attempt's error.
    await settleDelivery(runtime, deliveryId, { outcome: 'failed', outcome_detail: null, last_error: errorText(error) })
  }
  return { via: 'in-process' as const, delivery: await deliveryRow(runtime, deliveryId) }
}

import { DomainError } from '#events/domain-error.ts'
import { errorText } from '#server/payments/delivery-claims.ts'
import { markDeliveryFailed, processDelivery } from '#server/payments/process-delivery.ts'
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
 * made pending and due now (its attempts and last error kept) and processed once more. With Inngest that is a new run of the delivery's
 * function (a new event id: Inngest drops a repeated one), which the answer links to once it
 * starts; in-process it is one attempt now, and a failure ends it failed again with its error.
 */
export async function retryDelivery(runtime: Runtime, deliveryId: string, by: string) {
  const now = runtime.clock.now()
  const reopened = await runtime.db
    .updateTable('webhook_deliveries')
    .set({ outcome: null, outcome_detail: null, processed_at: null, next_attempt_at: now })
    .where('event_id', '=', deliveryId)
    .where((eb) =>
      eb.or([eb('outcome', '=', 'failed'), eb.and([eb('outcome', 'is', null), eb('last_error', 'is not', null)])]),
    )
    .returning('event_id')
    .executeTakeFirst()
  if (!reopened) {
    const row = await deliveryRow(runtime, deliveryId)
    throw new DomainError(
      'concurrent-change',
      `Only a failed delivery, or a pending one that has failed, can be retried; ${deliveryId} is ${row.outcome}`,
    )
  }
  runtime.log.info('support retries a failed webhook delivery', { deliveryId, by })
  const inngest = runtime.jobs.inngest
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
    await processDelivery(runtime, deliveryId)
  } catch (error) {
    // A refusal is already recorded failed; anything else ends this one attempt failed too.
    if (!(error instanceof DomainError)) await markDeliveryFailed(runtime, deliveryId, errorText(error))
  }
  return { via: 'in-process' as const, delivery: await deliveryRow(runtime, deliveryId) }
}

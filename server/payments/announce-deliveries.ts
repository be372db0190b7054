import type { Runtime } from '#server/runtime.types.ts'
import { deliveryReceivedEvent, webhookProcessingEvent } from './webhook-events.ts'

/** At most this many unsent deliveries per sweep; the next sweep takes the rest. */
const sweepSize = 500

/**
 * Hands a new delivery to whoever processes it: in-process, a wake-up of the webhook job; with
 * Inngest, its own event, sent in the background so Razorpay's answer never waits on Inngest (a
 * send that fails is retried by the sweep below).
 */
export function announceDelivery(runtime: Runtime, deliveryId: string): void {
  if (!runtime.jobs.inngest) {
    runtime.jobs.wake(webhookProcessingEvent)
    return
  }
  sendDeliveryEvents(runtime, [deliveryId]).catch((error: unknown) => {
    runtime.log.warn('could not send a webhook delivery to Inngest; the sweep sends it again', { deliveryId, error })
  })
}

/** The Inngest cron fallback: sends the events of pending deliveries that never reached Inngest. */
export async function sendUnsentDeliveryEvents(runtime: Runtime): Promise<{ sent: number }> {
  const unsent = await runtime.db
    .selectFrom('webhook_deliveries')
    .select('event_id')
    .where('outcome', 'is', null)
    .where('event_sent_at', 'is', null)
    .orderBy('received_at')
    .limit(sweepSize)
    .execute()
  await sendDeliveryEvents(
    runtime,
    unsent.map((row) => row.event_id),
  )
  return { sent: unsent.length }
}

async function sendDeliveryEvents(runtime: Runtime, deliveryIds: string[]): Promise<void> {
  const inngest = runtime.jobs.inngest
  if (!inngest || deliveryIds.length === 0) return
  await inngest.send(
    deliveryIds.map((deliveryId) => ({ name: deliveryReceivedEvent, id: deliveryId, data: { deliveryId } })),
  )
  await runtime.db
    .updateTable('webhook_deliveries')
    .set({ event_sent_at: runtime.clock.now() })
    .where('event_id', 'in', deliveryIds)
    .execute()
}

import { findUnstorableText, unstorableTextError } from '#rules/storable-text.ts'
import { DomainError } from '#events/domain-error.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { actionOf, razorpayWebhook } from './razorpay-webhook.ts'
import { recordPayment } from './record-payment.ts'

export const webhookProcessingEvent = 'razorpay/webhook.received'

const webhookMessages = {
  badSignature: 'Invalid webhook signature',
  missingSignature: 'Missing X-Razorpay-Signature header',
  missingEventId: 'Missing x-razorpay-event-id header',
  notJson: 'The webhook body is not valid JSON',
} as const

/**
 * Accepts a delivery: checks the signature over the raw body, stores it once per event id, and
 * leaves the work to the webhook job, so Razorpay gets its 2xx in milliseconds.
 */
export async function receiveRazorpayWebhook(runtime: Runtime, rawBody: string, headers: Headers) {
  const signature = headers.get('x-razorpay-signature')
  if (!signature) throw new DomainError('bad-signature', webhookMessages.missingSignature)
  if (!(await runtime.payments.gateway.webhookSignatureIsValid(rawBody, signature)))
    throw new DomainError('bad-signature', webhookMessages.badSignature)
  const eventId = headers.get('x-razorpay-event-id')
  if (!eventId) throw new DomainError('bad-request', webhookMessages.missingEventId)
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new DomainError('bad-request', webhookMessages.notJson)
  }
  const unstorableAt = findUnstorableText(json)
  if (unstorableAt !== undefined) throw new DomainError('bad-request', unstorableTextError(unstorableAt))
  const parsed = razorpayWebhook.safeParse(json)
  if (!parsed.success) throw new DomainError('bad-request', 'The webhook body is not a Razorpay event')
  const inserted = await runtime.db
    .insertInto('webhook_deliveries')
    .values({
      event_id: eventId.slice(0, 200),
      provider: 'razorpay',
      event_type: parsed.data.event,
      payload: JSON.stringify(json),
      received_at: runtime.clock.now(),
      attempts: 0,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst()
  if (inserted) runtime.jobs.wake(webhookProcessingEvent)
  return { received: true as const, duplicate: !inserted }
}

/**
 * Processes stored deliveries oldest first. A delivery that fails stays pending with its error and
 * is retried; the job then fails too, so Inngest shows the failure and retries it.
 */
export async function processWebhookDeliveries(runtime: Runtime): Promise<{ processed: number; failed: number }> {
  const pending = await runtime.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('processed_at', 'is', null)
    .orderBy('received_at')
    .limit(100)
    .execute()
  let processed = 0
  const failures: string[] = []
  for (const delivery of pending) {
    try {
      const outcome = await processDelivery(runtime, delivery.event_id, delivery.payload)
      await runtime.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          processed_at: runtime.clock.now(),
          outcome,
          attempts: eb('attempts', '+', 1),
          last_error: null,
        }))
        .where('event_id', '=', delivery.event_id)
        .execute()
      processed += 1
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      failures.push(`${delivery.event_id}: ${message}`)
      await runtime.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: message.slice(0, 1000) }))
        .where('event_id', '=', delivery.event_id)
        .execute()
    }
  }
  if (failures.length > 0) throw new Error(`Webhook deliveries failed and will be retried: ${failures.join('; ')}`)
  return { processed, failed: failures.length }
}

async function processDelivery(runtime: Runtime, eventId: string, payload: Record<string, unknown>): Promise<string> {
  const action = actionOf(razorpayWebhook.parse(payload))
  // No request here: the delivery acts, and its id ties the events it causes together.
  const delivery = {
    runtime,
    metadata: (userId?: string): EventMetadata => ({
      actor: { type: 'webhook', id: eventId },
      ...(userId ? { userId } : {}),
      causationId: eventId,
      correlationId: eventId,
    }),
  }
  try {
    if (action.kind === 'ignored') return `ignored: ${action.why}`
    if (action.kind === 'paid') {
      const outcome = await recordPayment(delivery, {
        orderId: action.orderId,
        paymentId: action.paymentId,
        amount: action.amount,
        verifiedBy: 'webhook',
      })
      return outcome.newlyPaid ? 'paid' : `no change (order ${outcome.order.status})`
    }
    const result = await runtime.store.transaction(
      async (tx) => {
        const { state } = await loadAggregate(runtime.store, orderAggregate, action.orderId, tx.db)
        const owner = state.status === 'none' ? '' : state.userId
        return handleCommand(
          tx,
          orderAggregate,
          action.orderId,
          { type: 'RecordFailure', paymentId: action.paymentId, reason: action.reason, code: action.code },
          delivery.metadata(owner),
        )
      },
      { retryOnConflict: true },
    )
    return result.decided.length > 0 ? 'failed' : `no change (order ${result.after.status})`
  } catch (error) {
    // An order we never created (another app on the same Razorpay account) is not worth retrying.
    if (error instanceof DomainError && error.code === 'not-found') return 'ignored: unknown order'
    throw error
  }
}

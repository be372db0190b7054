import { createHash } from 'node:crypto'
import { findUnstorableText, unstorableTextError } from '#rules/storable-text.ts'
import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { announceDelivery } from './announce-deliveries.ts'
import { factsOf, razorpayWebhook } from './razorpay-webhook.ts'

const webhookMessages = {
  badSignature: 'Invalid webhook signature',
  missingSignature: 'Missing X-Razorpay-Signature header',
  missingEventId: 'Missing x-razorpay-event-id header',
  notJson: 'The webhook body is not valid JSON',
} as const

/**
 * Accepts a delivery: checks the signature over the raw body, stores it once per event id, and
 * leaves the work to the webhook job, so Razorpay gets its 2xx in milliseconds. Only the fields
 * processing reads are stored, with a hash of the body for audit; the payer's details are not.
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
  const now = runtime.clock.now()
  const inserted = await runtime.db
    .insertInto('webhook_deliveries')
    .values({
      event_id: eventId.slice(0, 200),
      provider: 'razorpay',
      event_type: parsed.data.event,
      payload: JSON.stringify(factsOf(parsed.data)),
      body_sha256: createHash('sha256').update(rawBody).digest('hex'),
      received_at: now,
      attempts: 0,
      next_attempt_at: now,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst()
  if (inserted) announceDelivery(runtime, inserted.event_id)
  return { received: true as const, duplicate: !inserted }
}

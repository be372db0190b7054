import { sql } from 'kysely'
import type { Runtime } from '#server/runtime.types.ts'
import { webhookFacts } from '#server/payments/razorpay-webhook.ts'
import { inngestRunLink } from './inngest-run-link.ts'

export type DeliveryFilter = 'all' | 'failed' | 'pending'

const fields = [
  'event_id',
  'event_type',
  'payload',
  'received_at',
  'processed_at',
  'outcome',
  'outcome_detail',
  'attempts',
  'last_error',
  'next_attempt_at',
  'inngest_run_id',
] as const

/** The events each delivery caused (they carry its Razorpay event id as their causation id). */
async function causedEvents(runtime: Runtime, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return new Map<string, CausedEvent[]>()
  const rows = await runtime.db
    .selectFrom('events')
    .select([
      'event_id',
      'type',
      'stream_id',
      'global_position',
      'user_id',
      'created_at',
      sql<string>`metadata->>'causationId'`.as('causation_id'),
    ])
    .where(sql<string>`metadata->>'causationId'`, 'in', deliveryIds)
    .where(sql<boolean>`metadata ? 'causationId'`)
    .orderBy('events.transaction_id')
    .orderBy('events.global_position')
    .execute()
  const caused = new Map<string, CausedEvent[]>()
  for (const row of rows) {
    const list = caused.get(row.causation_id) ?? []
    list.push({
      eventId: row.event_id,
      type: row.type,
      streamId: row.stream_id,
      globalPosition: row.global_position,
      userId: row.user_id,
      createdAt: new Date(row.created_at).toISOString(),
    })
    caused.set(row.causation_id, list)
  }
  return caused
}

type CausedEvent = {
  eventId: string
  type: string
  streamId: string
  globalPosition: number
  userId: string | null
  createdAt: string
}

/**
 * Razorpay deliveries, newest first: what each was, its attempts and last error, how it ended
 * (or that it is pending), the Inngest run that last processed it, and the events it caused.
 */
export async function listDeliveries(
  runtime: Runtime,
  options: { filter: DeliveryFilter; limit: number; deliveryId?: string; before?: string },
) {
  let query = runtime.db.selectFrom('webhook_deliveries').select(fields).where('provider', '=', 'razorpay')
  if (options.filter === 'failed') query = query.where('outcome', '=', 'failed')
  if (options.filter === 'pending') query = query.where('outcome', 'is', null)
  if (options.deliveryId !== undefined) query = query.where('event_id', '=', options.deliveryId)
  if (options.before !== undefined) query = query.where('received_at', '<', new Date(options.before))
  const rows = await query.orderBy('received_at', 'desc').orderBy('event_id').limit(options.limit).execute()
  const caused = await causedEvents(
    runtime,
    rows.map((row) => row.event_id),
  )
  return rows.map((row) => {
    const facts = webhookFacts.safeParse(row.payload)
    return {
      deliveryId: row.event_id,
      eventType: row.event_type,
      orderId: facts.success ? facts.data.orderId : null,
      paymentId: facts.success ? facts.data.paymentId : null,
      receivedAt: new Date(row.received_at).toISOString(),
      attempts: row.attempts,
      lastError: row.last_error,
      outcome: row.outcome ?? ('pending' as const),
      outcomeDetail: row.outcome_detail,
      processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
      nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
      inngestRunId: row.inngest_run_id,
      inngestRunUrl: inngestRunLink(runtime.config.inngest, row.inngest_run_id),
      causedEvents: caused.get(row.event_id) ?? [],
    }
  })
}

export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number]

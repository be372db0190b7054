import { silentInstanceMs } from '#server/idempotency/live-instances.ts'
import type { Runtime } from '#server/runtime.types.ts'
import type { PaymentTables } from './tables.ts'
import { webhookRetryPolicy } from './webhook-retry-policy.ts'

type Delivery = PaymentTables['webhook_deliveries']
export type ClaimedDelivery = Pick<Delivery, 'event_id' | 'attempts'> & { payload: unknown }

/**
 * Takes a pending delivery that is due (the given one, or the soonest): counts the attempt, moves
 * `next_attempt_at` a lease ahead and names this server as its holder, in one statement, so two
 * runs (two instances, Inngest and a sweep) never work on the same delivery at once. A run that
 * dies leaves it to be taken again when the lease ends, or at once when its server stopped or went
 * silent (`server_instances`, decision 0103). The soonest skips rows locked by others (SKIP
 * LOCKED); a given one waits for a lock held by a short write (its `event_sent_at`, set while
 * Inngest may already be invoking its run) instead of taking that for another run's lease.
 */
export function claimDelivery(runtime: Runtime, deliveryId?: string): Promise<ClaimedDelivery | undefined> {
  const now = runtime.clock.now()
  const aliveSince = new Date(now.getTime() - silentInstanceMs)
  return runtime.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + webhookRetryPolicy.claimLeaseMs),
      claimed_by: runtime.instanceId,
    }))
    .where('event_id', '=', (eb) => {
      const due = eb
        .selectFrom('webhook_deliveries as pending')
        .select('pending.event_id')
        .where('pending.outcome', 'is', null)
        .where((pending) =>
          pending.or([
            pending('pending.next_attempt_at', '<=', now),
            pending.and([
              pending('pending.claimed_by', 'is not', null),
              // This server is alive by definition: its own runs keep their leases.
              pending('pending.claimed_by', '!=', runtime.instanceId),
              pending.not(
                pending.exists(
                  pending
                    .selectFrom('server_instances')
                    .select('server_instances.id')
                    .whereRef('server_instances.id', '=', 'pending.claimed_by')
                    .where('server_instances.alive_at', '>=', aliveSince),
                ),
              ),
            ]),
          ]),
        )
      if (deliveryId !== undefined) return due.where('pending.event_id', '=', deliveryId).forUpdate()
      return due.orderBy('pending.next_attempt_at').orderBy('pending.received_at').limit(1).forUpdate().skipLocked()
    })
    .where('outcome', 'is', null)
    .returning(['event_id', 'attempts', 'payload'])
    .executeTakeFirst()
}

/** Gives a delivery its outcome; it is never taken again. */
export function settleDelivery(
  runtime: Runtime,
  deliveryId: string,
  end: Pick<Delivery, 'outcome' | 'outcome_detail' | 'last_error'>,
) {
  return runtime.db
    .updateTable('webhook_deliveries')
    .set({ ...end, processed_at: runtime.clock.now(), next_attempt_at: null, claimed_by: null })
    .where('event_id', '=', deliveryId)
    .execute()
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000)

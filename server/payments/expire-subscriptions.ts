import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import type { Runtime } from '#server/runtime.types.ts'

/**
 * Ends the periods that are over. The view only finds candidates; each person's subscription
 * stream decides, so a payment that renewed the plan a moment ago is never expired.
 */
export async function expireSubscriptions(runtime: Runtime): Promise<{ expired: number }> {
  const now = runtime.clock.now()
  const due = await runtime.db
    .selectFrom('subscriptions_view')
    .select('user_id')
    .where('status', '=', 'active')
    .where('period_end', '<=', now)
    .limit(500)
    .execute()
  let expired = 0
  for (const { user_id: userId } of due) {
    const { decided } = await subscriptionCommands.run(runtime.store, userId, () => ({
      command: { type: 'Expire', now },
      metadata: { actor: { type: 'system', id: 'expire-subscriptions' }, userId },
    }))
    expired += decided.length
  }
  return { expired }
}

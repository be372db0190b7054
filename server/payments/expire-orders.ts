import { timers } from '#app.config.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import { continuingProcess } from '#events/store/correlation.ts'
import type { Runtime } from '#server/runtime.types.ts'

/**
 * Closes the checkouts not paid within their window. The view only finds candidates; each order's
 * stream decides, so an order paid a moment ago is never expired (and one paid after expiring is
 * still paid: the money was captured).
 */
export async function expireOrders(runtime: Runtime): Promise<{ expired: number }> {
  const now = runtime.clock.now()
  const due = await runtime.db
    .selectFrom('orders_view')
    .select(['order_id', 'user_id'])
    .where('status', 'in', ['created', 'failed'])
    .where('created_at', '<=', new Date(now.getTime() - timers.checkoutWindow))
    .orderBy('created_at')
    .limit(500)
    .execute()
  let expired = 0
  for (const { order_id: orderId, user_id: userId } of due) {
    const { decided } = await orderCommands.run(runtime.store, orderId, ({ events }) => ({
      command: { type: 'Expire', now, checkoutWindowMs: timers.checkoutWindow },
      metadata: continuingProcess(() => ({ actor: { type: 'system', id: 'expire-orders' }, userId }), events)(userId),
    }))
    expired += decided.length
  }
  return { expired }
}

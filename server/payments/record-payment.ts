import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import type { OrderState } from '#events/orders/order.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import type { RequestScope } from '#server/request-scope.ts'

export type PaymentOutcome = { order: OrderState; newlyPaid: boolean }

/**
 * Records a proven payment and, in the same transaction, starts the plan period it pays for.
 * Both the checkout's verify call and every webhook delivery come through here, in any order and
 * any number of times: one payment, one PaymentVerified, one activation.
 */
export async function recordPayment(
  scope: Pick<RequestScope, 'runtime' | 'metadata'>,
  payment: { orderId: string; paymentId: string; amount?: number; verifiedBy: 'checkout' | 'webhook'; userId?: string },
): Promise<PaymentOutcome> {
  const { runtime } = scope
  // The checkout's verify call and the webhook for the same payment often race: the loser re-reads and finds it paid.
  return runtime.store.transaction(
    async (tx) => {
      const { state } = await loadAggregate(runtime.store, orderAggregate, payment.orderId, tx.db)
      const owner = state.status === 'none' ? (payment.userId ?? '') : state.userId
      const amount = payment.amount ?? (state.status === 'none' ? 0 : state.amount)
      const result = await handleCommand(
        tx,
        orderAggregate,
        payment.orderId,
        {
          type: 'RecordPayment',
          paymentId: payment.paymentId,
          amount,
          verifiedBy: payment.verifiedBy,
          ...(payment.userId ? { userId: payment.userId } : {}),
        },
        scope.metadata(owner),
      )
      const paid = result.decided.some((event) => event.type === 'PaymentVerified')
      if (paid && result.after.status === 'paid') {
        await handleCommand(
          tx,
          subscriptionAggregate,
          result.after.userId,
          {
            type: 'Activate',
            userId: result.after.userId,
            orderId: result.after.orderId,
            planType: result.after.planType,
            now: runtime.clock.now(),
          },
          scope.metadata(result.after.userId),
        )
      }
      return { order: result.after, newlyPaid: paid }
    },
    { retryOnConflict: true },
  )
}

import { DomainError } from '#events/domain-error.ts'
import { orderAggregate, orderMessages } from '#events/orders/order-decider.ts'
import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'
import { continuingProcess } from '#events/store/correlation.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/**
 * The person closed the checkout of their order without paying: the order shows as abandoned at
 * once. A payment the gateway reports afterwards still pays it.
 */
export async function abandonCheckout(scope: SignedInScope, input: { orderId: string }) {
  const { runtime, userId } = scope
  const { after } = await runtime.store.transaction(
    async (tx) => {
      const { events } = await loadAggregate(runtime.store, orderAggregate, input.orderId, tx.db)
      const metadata = continuingProcess(scope.metadata, events)
      return handleCommand(tx, orderAggregate, input.orderId, { type: 'Abandon', userId }, metadata(userId))
    },
    { retryOnConflict: true },
  )
  // The decider refuses an order that is not the person's, so there is one.
  if (after.status === 'none') throw new DomainError('not-found', orderMessages.notFound)
  return { orderId: input.orderId, status: after.status }
}

import { DomainError } from '#events/domain-error.ts'
import { orderMessages, orderCommands } from '#events/orders/order-decider.ts'
import { continuingProcess } from '#events/store/correlation.ts'
import type { SignedInScope } from '#server/request-scope.ts'

/**
 * The person closed the checkout of their order without paying: the order shows as abandoned at
 * once. A payment the gateway reports afterwards still pays it.
 */
export async function abandonCheckout(scope: SignedInScope, input: { orderId: string }) {
  const { runtime, userId } = scope
  const { after } = await orderCommands.run(runtime.store, input.orderId, ({ events }) => ({
    command: { type: 'Abandon', userId },
    metadata: continuingProcess(scope.metadata, events)(userId),
  }))
  // The decider refuses an order that is not the person's, so there is one.
  if (after.status === 'none') throw new DomainError('not-found', orderMessages.notFound)
  return { orderId: input.orderId, status: after.status }
}

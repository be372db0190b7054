import type { EventStore, StoreTransaction } from '#events/store/event-store.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { decideOrder, type OrderCommand } from '#events/orders/order-decider.ts'
import {
  evolveOrder,
  initialOrderState,
  orderStreamId,
  type OrderEvent,
  type OrderState,
} from '#events/orders/order.ts'
import { decideSubscription, type SubscriptionCommand } from '#events/subscriptions/subscription-decider.ts'
import {
  evolveSubscription,
  initialSubscriptionState,
  subscriptionStreamId,
  type SubscriptionEvent,
} from '#events/subscriptions/subscription.ts'
import type { Clock } from '#events/clock.ts'
import { retryOnConflict } from '#events/store/retry-on-conflict.ts'

type Executor = StoreTransaction['db']

export async function loadOrder(store: EventStore, orderId: string, executor?: Executor) {
  const events = await store.readStream(orderStreamId(orderId), executor ? { executor } : {})
  return {
    state: (events as unknown as OrderEvent[]).reduce(evolveOrder, initialOrderState),
    version: events.at(-1)?.streamPosition ?? 0,
  }
}

export async function loadSubscription(store: EventStore, userId: string, executor?: Executor) {
  const events = await store.readStream(subscriptionStreamId(userId), executor ? { executor } : {})
  return {
    state: (events as unknown as SubscriptionEvent[]).reduce(evolveSubscription, initialSubscriptionState),
    version: events.at(-1)?.streamPosition ?? 0,
  }
}

export async function handleOrderCommand(
  tx: StoreTransaction,
  store: EventStore,
  orderId: string,
  command: OrderCommand,
  metadata: EventMetadata,
) {
  const { state, version } = await loadOrder(store, orderId, tx.db)
  const decided = decideOrder(command, state)
  if (decided.length > 0)
    await tx.append(orderStreamId(orderId), version === 0 ? 'no_stream' : version, decided, metadata)
  return { before: state, decided, after: decided.reduce(evolveOrder, state) }
}

export async function handleSubscriptionCommand(
  tx: StoreTransaction,
  store: EventStore,
  userId: string,
  command: SubscriptionCommand,
  metadata: EventMetadata,
) {
  const { state, version } = await loadSubscription(store, userId, tx.db)
  const decided = decideSubscription(command, state)
  if (decided.length > 0)
    await tx.append(subscriptionStreamId(userId), version === 0 ? 'no_stream' : version, decided, metadata)
  return decided
}

export type PaymentOutcome = { order: OrderState; newlyPaid: boolean }

/**
 * Records a proven payment and, in the same transaction, starts the plan period it pays for.
 * Both the checkout's verify call and every webhook delivery come through here, in any order and
 * any number of times: one payment, one PaymentVerified, one activation.
 */
export async function recordPayment(
  deps: { store: EventStore; clock: Clock },
  payment: { orderId: string; paymentId: string; amount?: number; verifiedBy: 'checkout' | 'webhook'; userId?: string },
  metadataFor: (userId: string) => EventMetadata,
): Promise<PaymentOutcome> {
  // The checkout's verify call and the webhook for the same payment often race: the loser re-reads and finds it paid.
  return retryOnConflict(() =>
    deps.store.transaction(async (tx) => {
      const { state } = await loadOrder(deps.store, payment.orderId, tx.db)
      const owner = state.status === 'none' ? (payment.userId ?? '') : state.userId
      const amount = payment.amount ?? (state.status === 'none' ? 0 : state.amount)
      const result = await handleOrderCommand(
        tx,
        deps.store,
        payment.orderId,
        {
          type: 'RecordPayment',
          paymentId: payment.paymentId,
          amount,
          verifiedBy: payment.verifiedBy,
          ...(payment.userId ? { userId: payment.userId } : {}),
        },
        metadataFor(owner),
      )
      const paid = result.decided.some((event) => event.type === 'PaymentVerified')
      if (paid && result.after.status === 'paid') {
        await handleSubscriptionCommand(
          tx,
          deps.store,
          result.after.userId,
          {
            type: 'Activate',
            userId: result.after.userId,
            orderId: result.after.orderId,
            planType: result.after.planType,
            now: deps.clock.now(),
          },
          metadataFor(result.after.userId),
        )
      }
      return { order: result.after, newlyPaid: paid }
    }),
  )
}

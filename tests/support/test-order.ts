import { randomBytes } from 'node:crypto'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { handleCommand } from '#events/store/command-handler.ts'
import type { Runtime } from '#server/runtime.ts'

/** Creates a sandbox order for the person, as checkout would, and answers its id. */
export async function createTestOrder(runtime: Runtime, userId: string): Promise<string> {
  const orderId = `order_test_${randomBytes(7).toString('hex')}`
  const data = {
    orderId,
    userId,
    planType: 'starter' as const,
    billingCycle: 'monthly' as const,
    amount: 9900,
    currency: 'INR' as const,
    gateway: 'sandbox' as const,
    receipt: 'r',
    change: { kind: 'new' as const, listPrice: 9900, credit: 0, fromPlan: null },
  }
  await runtime.store.transaction((tx) =>
    handleCommand(
      tx,
      orderAggregate,
      orderId,
      { type: 'CreateOrder', owner: { userId, erased: false }, data },
      { actor: { type: 'system' }, userId },
    ),
  )
  return orderId
}

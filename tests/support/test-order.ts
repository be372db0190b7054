import { randomBytes } from 'node:crypto'
import type { PlanId } from '#app.catalog.ts'
import { type OrderCommand, orderCommands } from '#events/orders/order-decider.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.ts'

type OrderData = Extract<OrderCommand, { type: 'CreateOrder' }>['data']

/** What a test may say about its order; the rest is a new monthly sandbox order of the Starter plan. */
export type TestOrder = { orderId?: string; planType?: PlanId; amount?: number; receipt?: string }

function newTestOrderId(): string {
  return `order_test_${randomBytes(7).toString('hex')}`
}

/** The data of a new order, as checkout would create it. */
export function testOrderData(
  userId: string,
  { orderId = newTestOrderId(), planType = 'starter', amount = 9900, receipt = 'r' }: TestOrder = {},
): OrderData {
  return {
    orderId,
    userId,
    planType,
    billingCycle: 'monthly',
    amount,
    currency: 'INR',
    gateway: 'sandbox',
    receipt,
    change: { kind: 'new', listPrice: amount, credit: 0, fromPlan: null },
  }
}

/** Creates a sandbox order for the person, as checkout would, and answers its id. */
export async function createTestOrder(
  runtime: Runtime,
  userId: string,
  order: TestOrder = {},
  metadata: EventMetadata = { actor: { type: 'system' }, userId },
): Promise<string> {
  const data = testOrderData(userId, order)
  await runtime.store.transaction((tx) =>
    orderCommands.handle(tx, data.orderId, { type: 'CreateOrder', owner: { userId, erased: false }, data }, metadata),
  )
  return data.orderId
}

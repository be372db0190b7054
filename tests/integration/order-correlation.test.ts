import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createOrder } from '#server/payments/create-order.ts'
import { expireOrders } from '#server/payments/expire-orders.ts'
import { recordPayment } from '#server/payments/record-payment.ts'
import { actingAs } from '#server/request-scope.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)("an order's later events keep its correlation id on %s", (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    test.runtime.jobs.stop()
  })

  it('the expiry job and a late webhook payment carry the checkout request as correlation, and their own cause', async () => {
    const userId = randomUUID()
    const requestId = `req-${randomUUID()}`
    const caller = actingAs({ runtime: test.runtime, requestId, clientIp: '127.0.0.1' }, userId)
    const order = await createOrder(caller, { planType: 'professional' })
    test.clock.advance(31 * 60 * 1000)
    await viewsFresh(test.runtime)
    expect(await expireOrders(test.runtime)).toEqual({ expired: 1 })
    const deliveryId = `evt_${randomUUID()}`
    await recordPayment(
      {
        runtime: test.runtime,
        metadata: (about) => ({
          actor: { type: 'webhook', id: deliveryId },
          ...(about ? { userId: about } : {}),
          causationId: deliveryId,
          correlationId: deliveryId,
        }),
      },
      { orderId: order.id, paymentId: `pay_${randomUUID()}`, verifiedBy: 'webhook', amount: 29900 },
    )
    const events = (await test.runtime.store.readByUser(userId)).map((event) => ({
      type: event.type,
      actor: event.metadata.actor.type,
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
    }))
    expect(events).toEqual([
      { type: 'OrderCreated', actor: 'user', correlationId: requestId, causationId: undefined },
      { type: 'OrderExpired', actor: 'system', correlationId: requestId, causationId: undefined },
      { type: 'PaymentVerified', actor: 'webhook', correlationId: requestId, causationId: deliveryId },
      { type: 'SubscriptionActivated', actor: 'webhook', correlationId: requestId, causationId: deliveryId },
      { type: 'InvoiceIssued', actor: 'webhook', correlationId: requestId, causationId: deliveryId },
    ])
  })
})

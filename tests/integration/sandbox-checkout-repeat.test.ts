import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderStreamId } from '#events/orders/order.ts'
import { createOrder } from '#server/payments/create-order.ts'
import { completeSandboxCheckout } from '#server/payments/sandbox-checkout.ts'
import { verifyPayment } from '#server/payments/verify-payment.ts'
import { actingAs } from '#server/request-scope.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

/**
 * A client that lost the answer to "pay" (its server died mid-request) sends it again: the sandbox,
 * like Razorpay, has taken one payment for the order, not a second one to refund.
 */
describe('the sandbox checkout completed twice', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
  })

  it('answers the same payment, which verifies both times, and records no duplicate payment', async () => {
    const caller = actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, randomUUID())
    const order = await createOrder(caller, { planType: 'pro' })
    const first = await completeSandboxCheckout(caller, { orderId: order.id, outcome: 'success' })
    await test.runtime.jobs.settled()
    const repeat = await completeSandboxCheckout(caller, { orderId: order.id, outcome: 'success' })
    await test.runtime.jobs.settled()
    if (first.outcome !== 'success' || repeat.outcome !== 'success') throw new Error('the sandbox payment failed')
    expect(repeat.result).toEqual(first.result)
    for (const answer of [first, repeat])
      expect(
        await verifyPayment(caller, {
          orderId: order.id,
          paymentId: answer.result.razorpay_payment_id,
          signature: answer.result.razorpay_signature,
        }),
      ).toMatchObject({ verified: true, paymentId: first.result.razorpay_payment_id })
    const types = (await test.runtime.store.readStream(orderStreamId(order.id))).map((event) => event.type)
    expect(types).not.toContain('DuplicatePaymentCaptured')
  })
})

/**
 * A payment that arrives for an erased person's order activates nothing and issues no invoice: it
 * is recorded as a payment to refund, support sees it, and support gives it back through the
 * gateway once, on the record.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { deleteAccount } from '#server/accounts/profile.ts'
import { registerWithPassword } from '#server/accounts/register.ts'
import { applyWebhook } from '#server/payments/apply-webhook.ts'
import { actingAs, createRequestScope } from '#server/request-scope.ts'
import { listRefunds, refundPayment } from '#server/support/refunds.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('a payment for an erased person on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const request = () => ({ runtime: test.runtime, requestId: randomUUID(), clientIp: '203.0.113.9' })
  const staff = { staffId: 'u-support', via: 'cli' as const, requestId: randomUUID() }
  const typesOf = async (streamId: string) => (await test.runtime.store.readStream(streamId)).map((event) => event.type)

  async function erasedPersonsOpenOrder() {
    const { user } = await registerWithPassword(createRequestScope(request()), {
      email: `erased-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Passw0rd!xyz',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    const orderId = await createTestOrder(
      test.runtime,
      user.id,
      {},
      { actor: { type: 'user', id: user.id }, userId: user.id },
    )
    await deleteAccount(actingAs(request(), user.id))
    return { userId: user.id, orderId }
  }

  it('records it to refund, with no activation and no invoice, and support refunds it once', async () => {
    const { userId, orderId } = await erasedPersonsOpenOrder()
    const invoicesBefore = await test.runtime.db
      .selectFrom('events')
      .select('event_id')
      .where('type', '=', 'InvoiceIssued')
      .execute()

    const applied = await applyWebhook(test.runtime, `evt_${randomBytes(6).toString('hex')}`, {
      event: 'payment.captured',
      createdAt: null,
      orderId,
      paymentId: 'pay_test_erased',
      amount: 9900,
      currency: 'INR',
      status: 'captured',
      errorCode: null,
      errorDescription: null,
    })
    expect(applied).toEqual({
      outcome: 'duplicate-payment',
      detail: "the order's owner was erased; pay_test_erased needs a refund",
    })
    expect(await typesOf(`order-${orderId}`)).toEqual(['OrderCreated', 'DuplicatePaymentCaptured'])
    expect(await typesOf(`subscription-${userId}`)).toEqual([])
    expect(
      await test.runtime.db.selectFrom('events').select('event_id').where('type', '=', 'InvoiceIssued').execute(),
    ).toEqual(invoicesBefore)

    const due = { orderId, paymentId: 'pay_test_erased', amount: 9900, gateway: 'sandbox', reason: 'owner-erased' }
    expect(await listRefunds(test.runtime, { limit: 50 })).toContainEqual({ ...due, refunded: false })

    const refunded = await refundPayment(test.runtime, staff, { orderId, paymentId: 'pay_test_erased' })
    expect(refunded).toEqual({ ...due, refunded: true })
    const again = await refundPayment(test.runtime, staff, { orderId, paymentId: 'pay_test_erased' })
    expect(again).toEqual(refunded)
    const order = await test.runtime.store.readStream(`order-${orderId}`)
    const refunds = order.filter((event) => event.type === 'PaymentRefunded')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]?.data).toMatchObject({ orderId, paymentId: 'pay_test_erased', amount: 9900 })
    expect(refunds[0]?.metadata.actor).toEqual({ type: 'support', id: 'u-support' })
    expect(await listRefunds(test.runtime, { limit: 50 })).toContainEqual({ ...due, refunded: true })
  })

  it('refuses to refund a payment that paid its order, or one it never saw', async () => {
    const { orderId } = await erasedPersonsOpenOrder()
    await expect(refundPayment(test.runtime, staff, { orderId, paymentId: 'pay_test_unknown' })).rejects.toMatchObject({
      code: 'not-found',
    })
    await expect(
      refundPayment(test.runtime, staff, { orderId: 'order_test_missing', paymentId: 'pay_test_unknown' }),
    ).rejects.toMatchObject({ code: 'not-found' })
  })
})

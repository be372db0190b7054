import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { orderMessages } from '#events/orders/order-decider.ts'
import { actingAs } from '#server/request-scope.ts'
import { verifyPayment } from '#server/payments/verify-payment.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('a repeated checkout verification on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  async function orderWithCheckout(userId: string) {
    const orderId = await createTestOrder(test.runtime, userId)
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const signed = await sandbox.signCheckout(orderId)
    return {
      orderId,
      paymentId: signed.razorpay_payment_id,
      signature: signed.razorpay_signature,
    }
  }

  const scopeOf = (userId: string) =>
    actingAs(
      { runtime: test.runtime, requestId: `req-${randomBytes(4).toString('hex')}`, clientIp: '127.0.0.1' },
      userId,
    )

  const countOf = async (type: string, streamId: string) =>
    (
      await test.runtime.db
        .selectFrom('events')
        .select('global_position')
        .where('type', '=', type)
        .where('stream_id', '=', streamId)
        .execute()
    ).length

  it('answers a second, identical verification with the same answer and appends nothing', async () => {
    const userId = `u-${randomBytes(4).toString('hex')}`
    const input = await orderWithCheckout(userId)
    const first = await verifyPayment(scopeOf(userId), input)
    const second = await verifyPayment(scopeOf(userId), input)
    expect(second).toEqual(first)
    expect(await countOf('PaymentVerified', `order-${input.orderId}`)).toBe(1)
    expect(await countOf('SubscriptionActivated', `subscription-${userId}`)).toBe(1)
  })

  it('answers ten concurrent pairs of the same verification with success, the same answer for both', async () => {
    for (let pair = 0; pair < 10; pair += 1) {
      const userId = `u-${randomBytes(4).toString('hex')}`
      const input = await orderWithCheckout(userId)
      const answers = await Promise.allSettled([
        verifyPayment(scopeOf(userId), input),
        verifyPayment(scopeOf(userId), input),
      ])
      const [first, second] = answers.map((answer) =>
        answer.status === 'fulfilled' ? answer.value : { refused: String(answer.reason) },
      )
      expect(first).toEqual(second)
      expect(first).toMatchObject({ verified: true, orderId: input.orderId, paymentId: input.paymentId })
      expect(await countOf('PaymentVerified', `order-${input.orderId}`)).toBe(1)
    }
  })

  it('answers a second, different payment for the paid order 409 and records it, once, for a refund', async () => {
    const userId = `u-${randomBytes(4).toString('hex')}`
    const input = await orderWithCheckout(userId)
    await verifyPayment(scopeOf(userId), input)
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const again = await sandbox.signCheckout(input.orderId)
    const second = { orderId: input.orderId, paymentId: again.razorpay_payment_id, signature: again.razorpay_signature }
    for (let call = 0; call < 2; call += 1) {
      const refusal = await verifyPayment(scopeOf(userId), second).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(refusal).toBeInstanceOf(DomainError)
      expect(refusal).toMatchObject({ code: 'already-paid', message: orderMessages.paidByAnotherPayment })
    }
    expect(await countOf('DuplicatePaymentCaptured', `order-${input.orderId}`)).toBe(1)
    expect(await countOf('PaymentVerified', `order-${input.orderId}`)).toBe(1)
  })
})

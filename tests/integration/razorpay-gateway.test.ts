import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { PaymentGatewayError } from '#server/payments/payment-gateway.ts'
import { createRazorpayGateway } from '#server/payments/razorpay-gateway.ts'
import { checkoutSignature, hmacSha256Hex } from '#server/payments/signatures.ts'
import { startFakeRazorpay } from '#tests/fakes/razorpay-server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

const settings = { keyId: 'rzp_test_abcdef123456', keySecret: 'key-secret', webhookSecret: 'webhook-secret' }

describe('the Razorpay gateway (SDK) against a fake of the Orders API', () => {
  let fake: Awaited<ReturnType<typeof startFakeRazorpay>>
  const teardown = suiteTeardown()
  beforeAll(async () => {
    fake = await startFakeRazorpay(settings)
    teardown.add(() => fake.stop())
  })

  it('creates an order with amount, currency, receipt and notes', async () => {
    const gateway = createRazorpayGateway({ ...settings, apiBaseUrl: fake.url })
    const order = await gateway.createOrder({
      amount: 29900,
      currency: 'INR',
      receipt: 'rcpt_1',
      notes: { planType: 'professional' },
    })
    expect(order).toMatchObject({ amount: 29900, currency: 'INR', receipt: 'rcpt_1' })
    expect(order.id).toMatch(/^order_\w{14}$/)
    expect(fake.orders.get(order.id)?.notes).toEqual({ planType: 'professional' })
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/orders' })
  })

  it('refunds a payment in full through the refunds API, and a second refund is refused', async () => {
    const gateway = createRazorpayGateway({ ...settings, apiBaseUrl: fake.url })
    const refund = await gateway.refundPayment({ paymentId: 'pay_refund000001', amount: 9900, notes: { orderId: 'o' } })
    expect(refund.refundId).toMatch(/^rfnd_\w{14}$/)
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/payments/pay_refund000001/refund' })
    expect(fake.refunds.get('pay_refund000001')).toMatchObject({ id: refund.refundId, amount: 9900 })
    const again = await gateway
      .refundPayment({ paymentId: 'pay_refund000001', amount: 9900, notes: {} })
      .catch((error: unknown) => error)
    expect(again).toBeInstanceOf(PaymentGatewayError)
    expect((again as Error).message).toMatch(/fully refunded already/)
  })

  it('turns Razorpay refusals and network failures into PaymentGatewayError without leaking the secret', async () => {
    const wrongKey = createRazorpayGateway({ ...settings, keySecret: 'wrong', apiBaseUrl: fake.url })
    const refused = await wrongKey
      .createOrder({ amount: 29900, currency: 'INR', receipt: 'r', notes: {} })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PaymentGatewayError)
    expect((refused as Error).message).toMatch(/401 Authentication failed/)
    expect((refused as Error).message).not.toContain('wrong')

    const tooSmall = await createRazorpayGateway({ ...settings, apiBaseUrl: fake.url })
      .createOrder({ amount: 50, currency: 'INR', receipt: 'r', notes: {} })
      .catch((error: unknown) => error)
    expect((tooSmall as Error).message).toMatch(/atleast INR 1.00/)

    const unreachable = createRazorpayGateway({ ...settings, apiBaseUrl: 'http://127.0.0.1:9' })
    const down = await unreachable
      .createOrder({ amount: 29900, currency: 'INR', receipt: 'r', notes: {} })
      .catch((error: unknown) => error)
    expect(down).toBeInstanceOf(PaymentGatewayError)
    expect((down as Error).message).toMatch(/could not be reached/)
  })

  it('checks signatures exactly as Razorpay computes them, rejecting tampered ones', async () => {
    const gateway = createRazorpayGateway(settings)
    const signature = checkoutSignature(settings.keySecret, 'order_1', 'pay_1')
    // The SDK's own helper agrees on what a valid signature is.
    expect(
      validatePaymentVerification({ order_id: 'order_1', payment_id: 'pay_1' }, signature, settings.keySecret),
    ).toBe(true)
    expect(await gateway.checkoutSignatureIsValid('order_1', 'pay_1', signature)).toBe(true)
    expect(await gateway.checkoutSignatureIsValid('order_1', 'pay_2', signature)).toBe(false)
    expect(await gateway.checkoutSignatureIsValid('order_1', 'pay_1', signature.replace(/.$/, '0'))).toBe(
      signature.endsWith('0'),
    )

    const body = JSON.stringify({ event: 'payment.captured' })
    const webhookSignature = hmacSha256Hex(settings.webhookSecret, body)
    expect(validateWebhookSignature(body, webhookSignature, settings.webhookSecret)).toBe(true)
    expect(await gateway.webhookSignatureIsValid(body, webhookSignature)).toBe(true)
    expect(await gateway.webhookSignatureIsValid(`${body} `, webhookSignature)).toBe(false)
    expect(await gateway.webhookSignatureIsValid(body, 'short')).toBe(false)
  })
})

import { randomBytes } from 'node:crypto'
import { devSecret } from '#server/dev-secrets.ts'
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signatures.ts'
import type { PaymentGateway } from './payment-gateway.ts'

/**
 * The embedded stand-in for Razorpay (TEST MODE, refused in production by app.config.ts): the
 * same order → checkout → signature → webhook flow, with its own ids and secrets kept in the data
 * folder. The local checkout dialog asks `completeCheckout` for the result Razorpay would give.
 */
export function createSandboxGateway(dataDir: string) {
  const keySecret = () => devSecret(dataDir, 'sandbox-razorpay-key-secret')
  const webhookSecret = () => devSecret(dataDir, 'sandbox-razorpay-webhook-secret')
  // Made at start, not at the first payment, so the secrets exist before anyone needs them. A
  // failure here is no one's to handle: the first payment that needs the secret reads it again
  // (a failed read is not cached) and reports it.
  Promise.all([keySecret(), webhookSecret()]).catch(() => undefined)
  const id = (prefix: string) => `${prefix}_test_${randomBytes(7).toString('hex')}`
  // An order is captured once, as at Razorpay: a checkout completed again (its first answer was
  // lost) is the same payment and the same webhook, not a second charge to refund.
  const orderDerived = async (prefix: string, orderId: string) =>
    `${prefix}_test_${hmacSha256Hex(await keySecret(), `${prefix}:${orderId}`).slice(0, 14)}`
  const gateway: PaymentGateway = {
    mode: 'sandbox',
    keyId: 'rzp_test_sandbox',
    createOrder: ({ amount, currency, receipt }) => Promise.resolve({ id: id('order'), amount, currency, receipt }),
    checkoutSignatureIsValid: async (orderId, paymentId, signature) =>
      signatureMatches(checkoutSignature(await keySecret(), orderId, paymentId), signature),
    webhookSignatureIsValid: async (rawBody, signature) =>
      signatureMatches(hmacSha256Hex(await webhookSecret(), rawBody), signature),
    refundPayment: () => Promise.resolve({ refundId: id('rfnd') }),
  }
  return {
    gateway,
    /** What Razorpay Checkout hands the page after a successful payment (a new one unless `paymentId` is given). */
    signCheckout: async (orderId: string, paymentId = id('pay')) => ({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(await keySecret(), orderId, paymentId),
    }),
    newPaymentId: () => id('pay'),
    newEventId: () => id('evt'),
    /** The payment that captures the order: the same for every completion of its checkout. */
    capturedPaymentId: (orderId: string) => orderDerived('pay', orderId),
    /** The id of the webhook announcing the order's capture: a repeat of it is a duplicate delivery. */
    capturedEventId: (orderId: string) => orderDerived('evt', orderId),
    signWebhook: async (rawBody: string) => hmacSha256Hex(await webhookSecret(), rawBody),
  }
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>

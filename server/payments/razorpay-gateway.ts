import type Razorpay from 'razorpay'
import { z } from 'zod'
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signatures.ts'
import { PaymentGatewayError, type PaymentGateway } from './payment-gateway.ts'

const orderAnswer = z.object({
  id: z.string().min(1),
  amount: z.coerce.number(),
  currency: z.literal('INR'),
  receipt: z.string().nullish(),
})

const refundAnswer = z.object({ id: z.string().min(1), entity: z.literal('refund') })

export type RazorpaySettings = {
  keyId: string
  keySecret: string
  webhookSecret: string
  apiBaseUrl?: string | undefined
}

/** Razorpay through its Node SDK; signatures checked here with constant-time comparison. */
export function createRazorpayGateway(settings: RazorpaySettings): PaymentGateway {
  // The SDK (and its axios) is loaded with the first call, not at start (decision 0070).
  let client: Promise<Razorpay> | undefined
  const razorpay = () => (client ??= razorpayClient(settings))
  return {
    mode: 'razorpay',
    keyId: settings.keyId,
    createOrder: async ({ amount, currency, receipt, notes }) => {
      try {
        const created = orderAnswer.parse(await (await razorpay()).orders.create({ amount, currency, receipt, notes }))
        return {
          id: created.id,
          amount: created.amount,
          currency: created.currency,
          receipt: created.receipt ?? receipt,
        }
      } catch (error) {
        throw new PaymentGatewayError(`Razorpay did not create the order: ${describe(error)}`, { cause: error })
      }
    },
    checkoutSignatureIsValid: (orderId, paymentId, signature) =>
      Promise.resolve(signatureMatches(checkoutSignature(settings.keySecret, orderId, paymentId), signature)),
    webhookSignatureIsValid: (rawBody, signature) =>
      Promise.resolve(signatureMatches(hmacSha256Hex(settings.webhookSecret, rawBody), signature)),
    refundPayment: async ({ paymentId, amount, notes }) => {
      try {
        const refund = refundAnswer.parse(await (await razorpay()).payments.refund(paymentId, { amount, notes }))
        return { refundId: refund.id }
      } catch (error) {
        throw new PaymentGatewayError(`Razorpay did not refund the payment: ${describe(error)}`, { cause: error })
      }
    },
  }
}

async function razorpayClient(settings: RazorpaySettings): Promise<Razorpay> {
  const { default: RazorpaySdk } = await import('razorpay')
  const razorpay = new RazorpaySdk({ key_id: settings.keyId, key_secret: settings.keySecret })
  // The SDK has no host option; its axios instance is the only way to point it at a test double
  // or a private proxy (see docs/decisions/0006-payments.md).
  if (settings.apiBaseUrl)
    (razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = settings.apiBaseUrl
  return razorpay
}

/** The SDK rejects with `{ statusCode, error: { description } }`, or a TypeError when the network failed. */
function describe(error: unknown): string {
  const parsed = z
    .object({ statusCode: z.number(), error: z.object({ description: z.string() }).partial().optional() })
    .safeParse(error)
  if (parsed.success) return `${parsed.data.statusCode} ${parsed.data.error?.description ?? ''}`.trim()
  return 'the payment service could not be reached'
}

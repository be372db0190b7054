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

export type RazorpaySettings = {
  keyId: string
  keySecret: string
  webhookSecret: string
  apiBaseUrl?: string | undefined
}

/** Razorpay through its Node SDK; signatures checked here with constant-time comparison. */
export function createRazorpayGateway(settings: RazorpaySettings): PaymentGateway {
  // The SDK (and its axios) is loaded with the first order, not at start (decision 0070).
  let client: Promise<Razorpay> | undefined
  return {
    mode: 'razorpay',
    keyId: settings.keyId,
    createOrder: async ({ amount, currency, receipt, notes }) => {
      try {
        client ??= razorpayClient(settings)
        const razorpay = await client
        const created = orderAnswer.parse(await razorpay.orders.create({ amount, currency, receipt, notes }))
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

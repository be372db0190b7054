type GatewayOrder = { id: string; amount: number; currency: 'INR'; receipt: string }

/** What the product needs from a card payment provider: Razorpay, or the local sandbox. */
export type PaymentGateway = {
  mode: 'razorpay' | 'sandbox'
  /** The public key handed to Checkout.js (the sandbox has a made-up one). */
  keyId: string
  createOrder: (order: {
    amount: number
    currency: 'INR'
    receipt: string
    notes: Record<string, string>
  }) => Promise<GatewayOrder>
  checkoutSignatureIsValid: (orderId: string, paymentId: string, signature: string) => Promise<boolean>
  webhookSignatureIsValid: (rawBody: string, signature: string) => Promise<boolean>
  /** Gives a captured payment back in full; answers the gateway's refund id. */
  refundPayment: (refund: { paymentId: string; amount: number; notes: Record<string, string> }) => Promise<{
    refundId: string
  }>
}

export class PaymentGatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PaymentGatewayError'
  }
}

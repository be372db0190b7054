import { DomainError } from '#events/domain-error.ts'
import type { EventMetadata } from '#events/store/types.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { recordPayment } from './record-payment.ts'

export const verifyMessages = {
  badSignature: 'Payment verification failed: the payment signature is not valid.',
} as const

/** The checkout's proof of payment: Razorpay's signature over order and payment ids. */
export async function verifyPayment(
  runtime: Runtime,
  input: { userId: string; orderId: string; paymentId: string; signature: string },
  metadataFor: (userId: string) => EventMetadata,
) {
  if (!(await runtime.payments.gateway.checkoutSignatureIsValid(input.orderId, input.paymentId, input.signature))) {
    throw new DomainError('bad-signature', verifyMessages.badSignature)
  }
  const outcome = await recordPayment(
    runtime,
    { orderId: input.orderId, paymentId: input.paymentId, verifiedBy: 'checkout', userId: input.userId },
    metadataFor,
  )
  if (outcome.order.status !== 'paid')
    throw new DomainError('payment-failed', 'The payment amount does not match the order.')
  return {
    verified: true as const,
    orderId: input.orderId,
    paymentId: input.paymentId,
    planType: outcome.order.planType,
    alreadyVerified: !outcome.newlyPaid,
  }
}

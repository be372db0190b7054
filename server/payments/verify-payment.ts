import { DomainError } from '#events/domain-error.ts'
import { orderMessages } from '#events/orders/order-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { recordPayment } from './record-payment.ts'

export const verifyMessages = {
  badSignature: 'Payment verification failed: the payment signature is not valid.',
} as const

/** The checkout's proof of payment: Razorpay's signature over order and payment ids. */
export async function verifyPayment(
  scope: SignedInScope,
  input: { orderId: string; paymentId: string; signature: string },
) {
  const { gateway } = scope.runtime.payments
  if (!(await gateway.checkoutSignatureIsValid(input.orderId, input.paymentId, input.signature))) {
    throw new DomainError('bad-signature', verifyMessages.badSignature)
  }
  const outcome = await recordPayment(scope, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    verifiedBy: 'checkout',
    userId: scope.userId,
  })
  const { order } = outcome
  if (order.status !== 'paid') throw new DomainError('payment-failed', orderMessages.amountMismatch)
  if (order.paymentId !== input.paymentId) throw new DomainError('already-paid', orderMessages.paidByAnotherPayment)
  // The same whether this call recorded the payment or an earlier one (or a webhook) did: a repeat is a repeat.
  return { verified: true as const, orderId: input.orderId, paymentId: input.paymentId, planType: order.planType }
}

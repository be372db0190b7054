import { verifyPayment as verifyCheckoutPayment } from '#server/payments/verify-payment.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { verifyPaymentInput, verifyPaymentOutput } from '#server/trpc/schemas/payments.ts'

export const verifyPayment = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/verify-payment',
      operationId: 'auth-verifyPayment',
      tags: ['payments'],
      summary: "Verify the checkout's payment signature and activate the plan",
      description:
        '400 for a bad signature, 404 for an order that is not yours. Calling again for the same payment answers success and changes nothing.',
      protect: true,
    },
  })
  .input(verifyPaymentInput)
  .output(verifyPaymentOutput)
  .mutation(({ ctx, input }) =>
    verifyCheckoutPayment(ctx.scope, {
      orderId: input.razorpay_order_id,
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
    }),
  )

import { z } from 'zod'
import { completeSandboxCheckout as completeCheckout } from '#server/payments/sandbox-checkout.ts'
import { signedInProcedure } from '#server/trpc/init.ts'

/** The local checkout dialog's "pay" and "decline" buttons (TEST MODE, only without Razorpay keys). */
export const completeSandboxCheckout = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/payments/sandbox/complete',
      operationId: 'payments-completeSandboxCheckout',
      tags: ['payments'],
      summary: 'Pay or decline an order in the sandbox checkout',
      description:
        'Only on a server without Razorpay keys (TEST MODE; 404 otherwise). Does what a payment in Razorpay Checkout would: outcome "success" answers the proof to send to /auth/verify-payment, "failure" the decline.',
      protect: true,
    },
  })
  .input(z.object({ orderId: z.string().min(1).max(64), outcome: z.enum(['success', 'failure']) }))
  .output(
    z.discriminatedUnion('outcome', [
      z.object({
        outcome: z.literal('success'),
        result: z.object({
          razorpay_order_id: z.string(),
          razorpay_payment_id: z.string(),
          razorpay_signature: z.string(),
        }),
      }),
      z.object({
        outcome: z.literal('failure'),
        error: z.object({
          code: z.string(),
          description: z.string(),
          metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
        }),
      }),
    ]),
  )
  .mutation(({ ctx, input }) => completeCheckout(ctx.scope, input))

import { z } from 'zod'
import { abandonCheckout as abandon } from '#server/payments/abandon-checkout.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { orderStatusSchema } from '#server/trpc/schemas/payments.ts'

/** The web checkout was closed unpaid (tRPC only: the web app's pricing page calls it). */
export const abandonCheckout = signedInProcedure
  .input(z.object({ orderId: z.string().min(1).max(64) }))
  .output(z.object({ orderId: z.string(), status: orderStatusSchema }))
  .mutation(({ ctx, input }) => abandon(ctx.scope, input))

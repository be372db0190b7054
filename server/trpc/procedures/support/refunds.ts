import { z } from 'zod'
import { listRefunds, refundPayment as refund } from '#server/support/refunds.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { refundSchema } from '#server/trpc/schemas/support-refunds.ts'
import { staffOf } from './staff-of.ts'

export const refunds = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/refunds',
      operationId: 'support-refunds',
      tags: ['support'],
      summary:
        'Payments that must not pay their order (paid twice, or for a deleted account), newest first, and whether each was refunded (support staff)',
      protect: true,
    },
  })
  .input(z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }))
  .output(z.object({ refunds: z.array(refundSchema) }))
  .query(async ({ ctx, input }) => ({ refunds: await listRefunds(ctx.runtime, input) }))

export const refundPayment = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/refunds/{orderId}/{paymentId}',
      operationId: 'support-refundPayment',
      tags: ['support'],
      summary:
        'Give back a payment from the refund list in full through the payment gateway; recorded on the order with the staff member (support staff). One refunded already is answered as it is.',
      protect: true,
    },
  })
  .input(
    z.object({
      orderId: z.string().trim().min(1, 'orderId is required').max(200),
      paymentId: z.string().trim().min(1, 'paymentId is required').max(200),
    }),
  )
  .output(refundSchema)
  .mutation(({ ctx, input }) => refund(ctx.runtime, staffOf(ctx), input))

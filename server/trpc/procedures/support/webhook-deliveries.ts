import { z } from 'zod'
import { listDeliveries } from '#server/support/webhook-delivery-list.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { deliverySchema } from '#server/trpc/schemas/support-ops.ts'

export const webhookDeliveries = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/webhook-deliveries',
      operationId: 'support-webhookDeliveries',
      tags: ['support'],
      summary:
        'Razorpay webhook deliveries, newest first, with their attempts, outcome and the events they caused (support staff)',
      protect: true,
    },
  })
  .input(
    z.object({
      filter: z.enum(['all', 'failed', 'pending']).default('all'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      before: z.iso.datetime({ message: 'before must be an ISO 8601 time' }).optional(),
      deliveryId: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .describe("Only the delivery with this Razorpay event id (a timeline's webhook actor)"),
    }),
  )
  .output(z.object({ deliveries: z.array(deliverySchema) }))
  .query(async ({ ctx, input }) => ({
    deliveries: await listDeliveries(ctx.runtime, {
      filter: input.filter,
      limit: input.limit,
      ...(input.before === undefined ? {} : { before: input.before }),
      ...(input.deliveryId === undefined ? {} : { deliveryId: input.deliveryId }),
    }),
  }))

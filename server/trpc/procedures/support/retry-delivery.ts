import { z } from 'zod'
import { retryDelivery as retry } from '#server/support/retry-delivery.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { deliverySchema } from '#server/trpc/schemas/support-ops.ts'

export const retryDelivery = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/webhook-deliveries/{deliveryId}/retry',
      operationId: 'support-retryDelivery',
      tags: ['support'],
      summary: 'Process a failed webhook delivery again: through Inngest when configured, else at once (support staff)',
      protect: true,
    },
  })
  .input(z.object({ deliveryId: z.string().trim().min(1, 'deliveryId is required').max(200) }))
  .output(z.object({ via: z.enum(['inngest', 'in-process']), delivery: deliverySchema }))
  .mutation(({ ctx, input }) => retry(ctx.runtime, input.deliveryId, ctx.user.id))

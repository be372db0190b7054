import { z } from 'zod'
import { retryProjection as retry } from '#server/support/projection-status.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { projectionStatusSchema } from '#server/trpc/schemas/support.ts'

export const retryProjection = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/projections/{name}/retry',
      operationId: 'support-retryProjection',
      tags: ['support'],
      summary: 'Try a halted projection again now, e.g. after a fix was deployed (support staff)',
      protect: true,
    },
  })
  .input(z.object({ name: z.string().trim().min(1, 'name is required').max(100) }))
  .output(projectionStatusSchema)
  .mutation(({ ctx, input }) => retry(ctx.runtime, input.name))

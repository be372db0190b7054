import { z } from 'zod'
import { rebuildProgressOf } from '#server/support/rebuild-progress.ts'
import { startProjectionRebuild } from '#server/support/start-projection-rebuild.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { rebuildProgressSchema } from '#server/trpc/schemas/support-ops.ts'

export const rebuildProjection = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/projections/{name}/rebuild',
      operationId: 'support-rebuildProjection',
      tags: ['support'],
      summary:
        'Rebuild a whole view from the log while it keeps serving; follow it with support-rebuilds (support staff)',
      protect: true,
    },
  })
  .input(z.object({ name: z.string().trim().min(1, 'name is required').max(100) }))
  .output(rebuildProgressSchema)
  .mutation(async ({ ctx, input }) => {
    await startProjectionRebuild(ctx.runtime, input.name, ctx.user.id)
    const progress = await rebuildProgressOf(ctx.runtime, input.name)
    if (!progress) throw new Error(`The rebuild of ${input.name} left no record`)
    return progress
  })

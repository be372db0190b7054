import { z } from 'zod'
import { rebuildsProgress } from '#server/support/rebuild-progress.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { rebuildProgressSchema } from '#server/trpc/schemas/support-ops.ts'

export const rebuilds = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/rebuilds',
      operationId: 'support-rebuilds',
      tags: ['support'],
      summary: 'Each view rebuild support started: events read out of the log, seconds, outcome (support staff)',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ rebuilds: z.array(rebuildProgressSchema) }))
  .query(async ({ ctx }) => ({ rebuilds: await rebuildsProgress(ctx.runtime) }))

import { z } from 'zod'
import { projectionStatus } from '#server/support/projection-status.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { projectionStatusSchema } from '#server/trpc/schemas/support.ts'

export const projections = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/projections',
      operationId: 'support-projections',
      tags: ['support'],
      summary: 'Where each projection stands, and any halted at an event it cannot apply (support staff)',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ projections: z.array(projectionStatusSchema) }))
  .query(async ({ ctx }) => ({ projections: await projectionStatus(ctx.runtime) }))

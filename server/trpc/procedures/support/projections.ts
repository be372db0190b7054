import { z } from 'zod'
import { supportProcedure } from '#server/trpc/init.ts'

export const projections = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/projections',
      operationId: 'support-projections',
      tags: ['support'],
      summary: 'Where each projection stands (support staff)',
      protect: true,
    },
  })
  .input(z.void())
  .output(
    z.object({
      projections: z.array(
        z.object({
          name: z.string(),
          version: z.number(),
          storedVersion: z.number().optional(),
          eventsApplied: z.number(),
          checkpoint: z.object({ transactionId: z.string(), globalPosition: z.number() }),
        }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({
    projections: (await ctx.runtime.projections.status()).map(({ updatedAt: _updatedAt, ...rest }) => rest),
  }))

import { z } from 'zod'
import { supportProcedure } from '#server/trpc/init.ts'
import { userIdInput } from './user-id-input.ts'

export const rebuildUser = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/users/{userId}/rebuild',
      operationId: 'support-rebuildUser',
      tags: ['support'],
      summary: "Rebuild a person's views from their events (support staff)",
      protect: true,
    },
  })
  .input(userIdInput)
  .output(z.object({ projections: z.array(z.object({ projection: z.string(), replayed: z.number() })) }))
  .mutation(async ({ ctx, input }) => ({ projections: await ctx.runtime.projections.rebuildUser(input.userId) }))

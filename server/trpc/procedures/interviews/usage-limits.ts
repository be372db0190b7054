import { z } from 'zod'
import { usageLimits as readUsage } from '#server/interviews/usage.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { usageLimitsSchema } from '#server/trpc/schemas/interviews.ts'

export const usageLimits = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/usage-limits',
      operationId: 'interview-usageLimits',
      tags: ['interview'],
      summary: 'Interviews used and remaining in the current plan period',
      protect: true,
    },
  })
  .input(z.void())
  .output(usageLimitsSchema)
  .query(({ ctx }) => readUsage(ctx.scope))

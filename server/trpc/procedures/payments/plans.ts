import { z } from 'zod'
import { publicProcedure } from '#server/trpc/init.ts'
import { planSchema } from '#server/trpc/schemas/plan.ts'

const plansInput = z.void()
const plansOutput = z.object({ plans: z.array(planSchema) })

export const plans = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/plans',
      operationId: 'auth-plans',
      tags: ['auth'],
      summary: 'List the plans on sale',
      description: 'The monthly plans with prices in paise (INR), interview allowance and features.',
      protect: false,
    },
  })
  .input(plansInput)
  .output(plansOutput)
  .query(({ ctx }) => ({ plans: [...ctx.runtime.config.plans] }))

import { z } from 'zod'
import { cancelPlanChange as cancel } from '#server/subscriptions/plan-changes.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { planChangesSchema } from '#server/trpc/schemas/plan-change.ts'

export const cancelPlanChange = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/payments/plan-change/cancel',
      operationId: 'payments-cancelPlanChange',
      tags: ['payments'],
      summary: 'Keep the current plan: cancel the scheduled switch to a lower plan',
      description: '404 when no change is scheduled (or the period has already ended).',
      protect: true,
    },
  })
  .input(z.void())
  .output(planChangesSchema)
  .mutation(({ ctx }) => cancel(ctx.scope))

import { z } from 'zod'
import { previewPlanChanges } from '#server/subscriptions/plan-changes.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { planChangesSchema } from '#server/trpc/schemas/plan-change.ts'

export const planChanges = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/payments/plan-changes',
      operationId: 'payments-planChanges',
      tags: ['payments'],
      summary: 'What choosing each plan would do now, and what it would cost',
      description:
        'Decided on the server exactly as /auth/create-order will price it: an upgrade is the new price less the unused value of the current period (paise), a lower plan is scheduled for the end of the period at no charge.',
      protect: true,
    },
  })
  .input(z.void())
  .output(planChangesSchema)
  .query(({ ctx }) => previewPlanChanges(ctx.scope))

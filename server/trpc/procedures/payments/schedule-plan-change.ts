import { schedulePlanChange as schedule } from '#server/subscriptions/plan-changes.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { planChangesSchema, planChoiceInput } from '#server/trpc/schemas/plan-change.ts'

export const schedulePlanChange = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/payments/plan-change/schedule',
      operationId: 'payments-schedulePlanChange',
      tags: ['payments'],
      summary: 'Switch to a lower plan when the current period ends',
      description:
        'Nothing is charged now; the current plan stays until its period ends. 409 plan_change_refused for a plan that is not lower, 403 plan_required without an active plan.',
      protect: true,
    },
  })
  .input(planChoiceInput)
  .output(planChangesSchema)
  .mutation(({ ctx, input }) => schedule(ctx.scope, input.planType))

import { createOrder as createGatewayOrder } from '#server/payments/create-order.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { createOrderInput, createOrderOutput } from '#server/trpc/schemas/payments.ts'

export const createOrder = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/create-order',
      operationId: 'auth-createOrder',
      tags: ['payments'],
      summary: 'Create a payment order for a plan',
      description:
        'The amount is decided on the server: the plan’s price, or for an upgrade the new price less the unused value of the current period (see GET /payments/plan-changes). A lower plan while a period runs is refused (409 plan_change_refused): schedule it with POST /payments/plan-change/schedule. With no Razorpay keys configured the order belongs to the sandbox gateway (testMode true).',
      protect: true,
    },
  })
  .input(createOrderInput)
  .output(createOrderOutput)
  .mutation(({ ctx, input }) => createGatewayOrder(ctx.scope, input))

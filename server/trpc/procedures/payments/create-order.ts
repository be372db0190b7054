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
        'The amount comes from the plans catalog. With no Razorpay keys configured the order belongs to the sandbox gateway (testMode true).',
      protect: true,
    },
  })
  .input(createOrderInput)
  .output(createOrderOutput)
  .mutation(({ ctx, input }) => createGatewayOrder(ctx.scope, { planType: input.planType }))

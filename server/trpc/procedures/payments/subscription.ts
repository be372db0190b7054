import { z } from 'zod'
import { readSubscription } from '#server/subscriptions/read-subscription.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { subscriptionSchema } from '#server/subscriptions/subscription.types.ts'
import { featuresSchema } from '#server/trpc/schemas/plan.ts'

export const subscription = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/subscription',
      operationId: 'auth-subscription',
      tags: ['auth'],
      summary: "The signed-in user's plan and features",
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ subscription: subscriptionSchema, features: featuresSchema }))
  .query(({ ctx }) => readSubscription(ctx.db, ctx.clock, ctx.user.id, () => viewsFresh(ctx.runtime)))

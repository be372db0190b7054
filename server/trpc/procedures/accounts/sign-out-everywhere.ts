import { z } from 'zod'
import { signOutEverywhere } from '#server/accounts/sign-out.ts'
import { signedInProcedure } from '#server/trpc/init.ts'

export const signOutEverywhereProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/sign-out-everywhere',
      operationId: 'account-signOutEverywhere',
      tags: ['account'],
      summary: 'Sign out of every device',
      description:
        'Every session ends: access and refresh tokens of every device, this one included, are refused from the next request.',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ signedOut: z.literal(true) }))
  .mutation(({ ctx }) => signOutEverywhere(ctx.scope))

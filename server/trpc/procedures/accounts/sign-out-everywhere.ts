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
      description: 'Every refresh token is revoked; other devices lose access at their next refresh.',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ signedOut: z.literal(true) }))
  .mutation(({ ctx }) => signOutEverywhere(ctx.scope))

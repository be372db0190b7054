import { z } from 'zod'
import { confirmEmail as confirmAddress } from '#server/accounts/email-confirmation.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { confirmEmailInput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

export const confirmEmail = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/confirm-email',
      operationId: 'auth-confirmEmail',
      tags: ['auth'],
      summary: 'Confirm the e-mail address from the sign-up link',
      protect: false,
    },
  })
  .input(confirmEmailInput)
  .output(z.object({ confirmed: z.literal(true) }))
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'E-mail confirmation')
    return confirmAddress(ctx.scope, input.token)
  })

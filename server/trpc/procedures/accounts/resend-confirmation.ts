import { z } from 'zod'
import { resendConfirmation as resend } from '#server/accounts/resend-confirmation.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { requestPasswordResetInput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

export const resendConfirmation = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/resend-confirmation',
      operationId: 'auth-resendConfirmation',
      tags: ['auth'],
      summary: 'Mail a new e-mail confirmation link',
      description:
        'For an account registered with a password and not yet confirmed. Answers the same whether or not the address has such an account. 429 after 3 requests an hour for one address or 20 from one network.',
      protect: false,
    },
  })
  // The same address rules as a reset request.
  .input(requestPasswordResetInput)
  .output(z.object({ message: z.string() }))
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'E-mail confirmation')
    return resend(ctx.scope, input)
  })

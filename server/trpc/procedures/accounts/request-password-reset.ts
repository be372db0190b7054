import { z } from 'zod'
import { requestPasswordReset as requestReset } from '#server/accounts/password-reset.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { requestPasswordResetInput } from '#server/trpc/schemas/accounts.ts'

export const requestPasswordReset = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/request-password-reset',
      operationId: 'auth-requestPasswordReset',
      tags: ['auth'],
      summary: 'Ask for a password reset link',
      description: 'Answers the same whether or not the address has an account. 429 after too many requests.',
      protect: false,
    },
  })
  .input(requestPasswordResetInput)
  .output(z.object({ message: z.string() }))
  // With Supabase configured it sends the link itself; we only record the request.
  .mutation(({ ctx, input }) => requestReset(ctx.scope, input, { sendMail: !ctx.runtime.config.auth.supabase }))

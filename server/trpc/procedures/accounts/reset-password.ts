import { z } from 'zod'
import { resetPasswordWithToken } from '#server/accounts/password-reset.ts'
import { recordSupabasePasswordReset } from '#server/accounts/provider-sign-in.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { resetPasswordInput } from '#server/trpc/schemas/accounts.ts'

export const resetPassword = publicProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/auth/reset-password',
      operationId: 'auth-resetPassword',
      tags: ['auth'],
      summary: 'Set a new password from a reset link',
      description:
        "token is the access_token of the reset link. Every session of the account is signed out. With Supabase configured, token is the recovery session's access token and Supabase keeps the password.",
      protect: false,
    },
  })
  .input(resetPasswordInput)
  .output(z.object({ reset: z.literal(true) }))
  .mutation(({ ctx, input }) =>
    ctx.runtime.config.auth.supabase
      ? recordSupabasePasswordReset(ctx.scope, input.token)
      : resetPasswordWithToken(ctx.scope, input),
  )

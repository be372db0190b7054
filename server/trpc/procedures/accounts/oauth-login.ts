import { signInWithSupabase } from '#server/accounts/provider-sign-in.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { authSessionSchema, oauthLoginInput } from '#server/trpc/schemas/accounts.ts'

export const oauthLogin = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/oauth-login',
      operationId: 'auth-oauthLogin',
      tags: ['auth'],
      summary: 'Sign in after Google sign-in at Supabase',
      description:
        'Identity comes only from supabase_token, verified here; password is accepted for compatibility and never used as a credential.',
      protect: false,
    },
  })
  .input(oauthLoginInput)
  .output(authSessionSchema)
  .mutation(({ ctx, input }) =>
    signInWithSupabase(ctx.scope, {
      token: input.supabase_token,
      claimedEmail: input.email,
      details: { firstName: input.firstName, lastName: input.lastName },
    }),
  )

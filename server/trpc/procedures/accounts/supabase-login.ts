import { signInWithSupabase } from '#server/accounts/provider-sign-in.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { authSessionSchema, supabaseLoginInput } from '#server/trpc/schemas/accounts.ts'

export const supabaseLogin = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/supabase-login',
      operationId: 'auth-supabaseLogin',
      tags: ['auth'],
      summary: 'Sign in with a Supabase access token',
      description:
        'The token is verified here (JWKS or project secret, then Supabase itself). The account is created on first sign-in. A person with a verified Supabase factor needs a token at aal2: an aal1 token answers 401 `mfa_required` with `details.factorId`, to challenge and verify at Supabase first.',
      protect: false,
    },
  })
  .input(supabaseLoginInput)
  .output(authSessionSchema)
  .mutation(({ ctx, input }) =>
    signInWithSupabase(ctx.scope, {
      token: input.supabase_token,
      claimedEmail: input.user_details?.email,
      details: {
        firstName: input.user_details?.first_name,
        lastName: input.user_details?.last_name,
        avatarUrl: input.user_details?.avatar_url,
      },
    }),
  )

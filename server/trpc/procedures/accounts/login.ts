import { signInWithPassword } from '#server/accounts/sign-in.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { authSessionSchema, loginInput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

export const login = publicProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/auth/login',
      operationId: 'auth-login',
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      description:
        '401 for a wrong e-mail or password, 403 until the address is confirmed, 429 after too many attempts.',
      protect: false,
    },
  })
  .input(loginInput)
  .output(authSessionSchema)
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'Sign-in')
    return signInWithPassword(ctx.scope, input)
  })

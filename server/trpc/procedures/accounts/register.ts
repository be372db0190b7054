import { registerWithPassword } from '#server/accounts/register.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { registerInput, registerOutput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

export const register = publicProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/auth/register',
      operationId: 'auth-register',
      tags: ['auth'],
      summary: 'Create an account with e-mail and password',
      description:
        'The address must be confirmed through the e-mailed link before signing in: the answer has needsConfirmation true and no tokens. An address that already has an account gets the same answer (its owner is told by e-mail), so the API does not reveal which addresses are registered. 429 after too many sign-ups from one network.',
      protect: false,
    },
  })
  .input(registerInput)
  .output(registerOutput)
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'Sign-up')
    return registerWithPassword(ctx.scope, input)
  })

import { z } from 'zod'
import { currentAccount } from '#server/accounts/current-account.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { accountSchema } from '#server/trpc/schemas/accounts.ts'

export const validate = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/validate',
      operationId: 'auth-validate',
      tags: ['auth'],
      summary: 'The signed-in user, plan and features',
      protect: true,
    },
  })
  .input(z.void())
  .output(accountSchema)
  .query(({ ctx }) => currentAccount(ctx.scope))

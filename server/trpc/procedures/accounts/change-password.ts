import { z } from 'zod'
import { changePassword as changeAccountPassword } from '#server/accounts/change-password.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { changePasswordInput } from '#server/trpc/schemas/accounts.ts'
import { requireEmbeddedIdentity } from './embedded-only.ts'

export const changePassword = signedInProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/auth/change-password',
      operationId: 'auth-changePassword',
      tags: ['auth'],
      summary: 'Change the password',
      description: 'Needs the current password. Every other session is signed out; this one stays.',
      protect: true,
    },
  })
  .input(changePasswordInput)
  .output(z.object({ changed: z.literal(true) }))
  .mutation(({ ctx, input }) => {
    requireEmbeddedIdentity(ctx.runtime, 'Changing the password')
    return changeAccountPassword(ctx.scope, { sessionId: ctx.user.sessionId, ...input })
  })

import { z } from 'zod'
import { namePattern, messages } from '#rules/auth-rules.ts'
import { updateProfile } from '#server/accounts/profile.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { accountSchema } from '#server/trpc/schemas/accounts.ts'

const name = (message: string) => z.string().trim().min(namePattern.min, message).max(namePattern.max, message)

export const updateProfileProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/profile',
      operationId: 'account-updateProfile',
      tags: ['account'],
      summary: 'Change first and last name',
      protect: true,
    },
  })
  .input(z.object({ firstName: name(messages.firstNameLength), lastName: name(messages.lastNameLength) }))
  .output(accountSchema)
  .mutation(({ ctx, input }) => updateProfile(ctx.scope, input))

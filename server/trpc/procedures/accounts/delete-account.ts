import { z } from 'zod'
import { DomainError } from '#events/domain-error.ts'
import { deleteAccount } from '#server/accounts/profile.ts'
import { currentPasswordMatches } from '#server/accounts/current-password.ts'
import { signedInProcedure } from '#server/trpc/init.ts'

export const deleteAccountWrongPassword = 'Your password is incorrect.'
export const deleteAccountProcedure = signedInProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/account/delete',
      operationId: 'account-delete',
      tags: ['account'],
      summary: 'Delete the account and erase personal data',
      description: 'confirm must be "DELETE". Accounts with a password must also send it.',
      protect: true,
    },
  })
  .input(
    z.object({
      confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
      password: z.string().max(128).optional(),
    }),
  )
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const credentials = await ctx.db
      .selectFrom('user_credentials')
      .select('password_hash')
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst()
    if (
      credentials &&
      !(input.password && (await currentPasswordMatches(ctx.scope, credentials.password_hash, input.password)))
    ) {
      throw new DomainError('wrong-password', deleteAccountWrongPassword)
    }
    return deleteAccount(ctx.scope)
  })

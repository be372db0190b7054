import { z } from 'zod'
import { namePattern, messages } from '#rules/auth-rules.ts'
import { deleteAccount, updateProfile } from '#server/accounts/profile.ts'
import { signOutEverywhere } from '#server/accounts/sessions.ts'
import { verifyPassword } from '#server/accounts/passwords.ts'
import { DomainError } from '#events/domain-error.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { accountSchema } from '#server/trpc/schemas/auth.ts'

const name = (message: string) => z.string().trim().min(namePattern.min, message).max(namePattern.max, message)

export const updateProfileProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/profile',
      tags: ['account'],
      summary: 'Change first and last name',
      protect: true,
    },
  })
  .input(z.object({ firstName: name(messages.firstNameLength), lastName: name(messages.lastNameLength) }))
  .output(accountSchema)
  .mutation(({ ctx, input }) => updateProfile(ctx.scope, input))

export const signOutEverywhereProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/sign-out-everywhere',
      tags: ['account'],
      summary: 'Sign out of every device',
      description: 'Every refresh token is revoked; other devices lose access at their next refresh.',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ signedOut: z.literal(true) }))
  .mutation(({ ctx }) => signOutEverywhere(ctx.scope))

export const deleteAccountProcedure = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/account/delete',
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
    if (credentials && !(input.password && (await verifyPassword(credentials.password_hash, input.password)))) {
      throw new DomainError('wrong-password', 'Your password is incorrect.')
    }
    return deleteAccount(ctx.scope)
  })

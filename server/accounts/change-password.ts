import { DomainError } from '#events/domain-error.ts'
import { metadataFor, type AccountContext } from './account-context.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { revokeAllRefreshTokens } from './refresh-tokens.ts'
import { handleUserCommand } from './user-account.ts'

export const changePasswordMessages = {
  wrongCurrent: 'Your current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
} as const

/** Changes the password of a signed-in person; every other session ends, this one stays. */
export async function changePassword(
  context: AccountContext,
  input: { userId: string; sessionId: string | undefined; currentPassword: string; newPassword: string },
) {
  const { runtime } = context
  const credentials = await runtime.db
    .selectFrom('user_credentials')
    .select('password_hash')
    .where('user_id', '=', input.userId)
    .executeTakeFirst()
  if (!credentials || !(await verifyPassword(credentials.password_hash, input.currentPassword))) {
    throw new DomainError('wrong-password', changePasswordMessages.wrongCurrent)
  }
  if (input.currentPassword === input.newPassword)
    throw new DomainError('same-password', changePasswordMessages.samePassword)
  const passwordHash = await hashPassword(input.newPassword)
  await runtime.store.transaction(async (tx) => {
    await handleUserCommand(
      tx,
      runtime.store,
      input.userId,
      { type: 'ChangePassword', via: 'change' },
      metadataFor(context, input.userId),
    )
    await tx.db
      .updateTable('user_credentials')
      .set({ password_hash: passwordHash, updated_at: runtime.clock.now() })
      .where('user_id', '=', input.userId)
      .execute()
    await revokeAllRefreshTokens(tx.db, input.userId, runtime.clock, input.sessionId)
  })
  return { changed: true as const }
}

import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { currentPasswordMatches } from './current-password.ts'
import { hashPassword } from './passwords.ts'
import { revokeAllRefreshTokens } from './tokens/refresh-tokens.ts'

export const changePasswordMessages = {
  wrongCurrent: 'Your current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
} as const

/** Changes the password of a signed-in person; every other session ends, this one stays. */
export async function changePassword(
  scope: SignedInScope,
  input: { sessionId: string | undefined; currentPassword: string; newPassword: string },
) {
  const { runtime, userId } = scope
  const credentials = await runtime.db
    .selectFrom('user_credentials')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!credentials || !(await currentPasswordMatches(scope, credentials.password_hash, input.currentPassword))) {
    throw new DomainError('wrong-password', changePasswordMessages.wrongCurrent)
  }
  if (input.currentPassword === input.newPassword)
    throw new DomainError('same-password', changePasswordMessages.samePassword)
  const passwordHash = await hashPassword(input.newPassword)
  await commandUnit(runtime.store, async (tx) => {
    await userCommands.handle(tx, userId, { type: 'ChangePassword', via: 'change' }, scope.metadata())
    await tx.db
      .updateTable('user_credentials')
      .set({ password_hash: passwordHash, updated_at: runtime.clock.now() })
      .where('user_id', '=', userId)
      .execute()
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock, input.sessionId)
  })
  return { changed: true as const }
}

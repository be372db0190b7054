import { DomainError } from '#events/domain-error.ts'
import { userMessages } from '#events/users/user-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { accountOf } from './account-answer.ts'
import { isFamilyActive, refreshMessages } from './tokens/refresh-tokens.ts'
import { loadProfile } from './user-account.ts'

/**
 * The signed-in person's account, read from their own history. A signed-out session stops here at
 * once, though its access token has not expired yet.
 */
export async function currentAccount(scope: SignedInScope, sessionId: string | undefined) {
  const { runtime, userId } = scope
  if (sessionId && !(await isFamilyActive(runtime.db, sessionId)))
    throw new DomainError('refresh-invalid', refreshMessages.invalid)
  const profile = await loadProfile(runtime.store, userId, runtime.db)
  if (!profile || profile.erased)
    throw new DomainError('not-found', profile ? userMessages.erased : userMessages.notFound)
  return accountOf(runtime, runtime.db, profile)
}

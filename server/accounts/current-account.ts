import { DomainError } from '#events/domain-error.ts'
import { userMessages } from '#events/users/user-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { accountOf } from './account-answer.ts'
import { loadProfile } from './user-account.ts'

/** The signed-in person's account, read from their own history. */
export async function currentAccount(scope: SignedInScope) {
  const { runtime, userId } = scope
  const profile = await loadProfile(runtime.store, userId, runtime.db)
  if (!profile || profile.erased)
    throw new DomainError('not-found', profile ? userMessages.erased : userMessages.notFound)
  return accountOf(runtime, runtime.db, profile)
}

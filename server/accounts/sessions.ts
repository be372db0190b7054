import { DomainError } from '#events/domain-error.ts'
import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'
import { userAggregate, userMessages } from '#events/users/user-decider.ts'
import type { RequestScope, SignedInScope } from '#server/request-scope.ts'
import {
  isFamilyActive,
  refreshMessages,
  revokeAllRefreshTokens,
  revokeFamily,
  revokeFamilyOfToken,
  rotateRefreshToken,
} from './refresh-tokens.ts'
import { accessTokenFor, accountOf } from './session.ts'
import { loadProfile } from './user-account.ts'

/** Exchanges a refresh token for a new pair (rotation). */
export async function refreshSession(scope: RequestScope, refreshToken: string) {
  const { runtime } = scope
  const rotated = await rotateRefreshToken(runtime.db, refreshToken, runtime.clock)
  const { state } = await loadAggregate(runtime.store, userAggregate, rotated.userId)
  if (state.status !== 'active') {
    await revokeFamily(runtime.db, rotated.familyId, runtime.clock)
    throw new DomainError('refresh-invalid', refreshMessages.invalid)
  }
  return {
    tokens: {
      accessToken: await accessTokenFor(runtime, rotated.userId, state.role, rotated.familyId),
      refreshToken: rotated.refreshToken,
    },
  }
}

/** Ends this session: the refresh token's family, and the one the access token belongs to. */
export async function signOut(
  scope: RequestScope,
  input: { refreshToken?: string | undefined; sessionId?: string | undefined },
) {
  const { runtime } = scope
  if (input.refreshToken) await revokeFamilyOfToken(runtime.db, input.refreshToken, runtime.clock)
  if (input.sessionId) await revokeFamily(runtime.db, input.sessionId, runtime.clock)
  return { signedOut: true as const }
}

/** Ends every session of the person, on every device. */
export async function signOutEverywhere(scope: SignedInScope) {
  const { runtime, userId } = scope
  await runtime.store.transaction(async (tx) => {
    await handleCommand(tx, userAggregate, userId, { type: 'SignOutEverywhere' }, scope.metadata())
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
  })
  return { signedOut: true as const }
}

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

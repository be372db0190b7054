import { DomainError } from '#events/domain-error.ts'
import { userMessages } from '#events/users/user-decider.ts'
import { metadataFor, type AccountContext } from './account-context.ts'
import {
  isFamilyActive,
  refreshMessages,
  revokeAllRefreshTokens,
  revokeFamily,
  revokeFamilyOfToken,
  rotateRefreshToken,
} from './refresh-tokens.ts'
import { accessTokenFor, accountOf } from './session.ts'
import { handleUserCommand, loadProfile, loadUser } from './user-account.ts'

/** Exchanges a refresh token for a new pair (rotation). */
export async function refreshSession(context: AccountContext, refreshToken: string) {
  const { runtime } = context
  const rotated = await rotateRefreshToken(runtime.db, refreshToken, runtime.clock)
  const { state } = await loadUser(runtime.store, rotated.userId)
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
  context: AccountContext,
  input: { refreshToken?: string | undefined; sessionId?: string | undefined },
) {
  const { runtime } = context
  if (input.refreshToken) await revokeFamilyOfToken(runtime.db, input.refreshToken, runtime.clock)
  if (input.sessionId) await revokeFamily(runtime.db, input.sessionId, runtime.clock)
  return { signedOut: true as const }
}

/** Ends every session of the person, on every device. */
export async function signOutEverywhere(context: AccountContext, userId: string) {
  const { runtime } = context
  await runtime.store.transaction(async (tx) => {
    await handleUserCommand(tx, runtime.store, userId, { type: 'SignOutEverywhere' }, metadataFor(context, userId))
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
  })
  return { signedOut: true as const }
}

/**
 * The signed-in person's account, read from their own history. A signed-out session stops here at
 * once, though its access token has not expired yet.
 */
export async function currentAccount(context: AccountContext, userId: string, sessionId: string | undefined) {
  const { runtime } = context
  if (sessionId && !(await isFamilyActive(runtime.db, sessionId)))
    throw new DomainError('refresh-invalid', refreshMessages.invalid)
  const profile = await loadProfile(runtime.store, userId, runtime.db)
  if (!profile || profile.erased)
    throw new DomainError('not-found', profile ? userMessages.erased : userMessages.notFound)
  return accountOf(runtime, runtime.db, profile)
}

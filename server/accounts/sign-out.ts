import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import type { RequestScope, SignedInScope } from '#server/request-scope.ts'
import { revokeAllRefreshTokens, revokeFamily, revokeFamilyOfToken } from './tokens/refresh-tokens.ts'

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
  await commandUnit(runtime.store, async (tx) => {
    await userCommands.handle(tx, userId, { type: 'SignOutEverywhere' }, scope.metadata())
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
  })
  return { signedOut: true as const }
}

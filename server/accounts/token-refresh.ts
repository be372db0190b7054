import { DomainError } from '#events/domain-error.ts'
import { userCommands } from '#events/users/user-decider.ts'
import type { RequestScope } from '#server/request-scope.ts'
import { refreshMessages, revokeFamily, rotateRefreshToken } from './tokens/refresh-tokens.ts'
import { jwtSecretKey } from './tokens/jwt-secret.ts'
import { accessTokenFor } from './tokens/token-pair.ts'

/**
 * Exchanges a refresh token for a new pair (rotation); the access token names the session's current
 * role. A repeat within the reuse grace answers the very same pair (decision 0026).
 */
export async function refreshTokenPair(scope: RequestScope, refreshToken: string) {
  const { runtime } = scope
  const rotated = await rotateRefreshToken(runtime.db, refreshToken, runtime.clock, await jwtSecretKey(runtime.config))
  const { state } = await userCommands.load(runtime.store, rotated.userId)
  if (state.status !== 'active') {
    await revokeFamily(runtime.db, rotated.familyId, runtime.clock)
    throw new DomainError('refresh-invalid', refreshMessages.invalid)
  }
  return {
    tokens: {
      accessToken: await accessTokenFor(runtime, rotated.userId, rotated.role, rotated.familyId, {
        now: () => rotated.rotatedAt,
      }),
      refreshToken: rotated.refreshToken,
    },
  }
}

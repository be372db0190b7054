import type { Transaction } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { signAccessToken, type UserRole } from './access-tokens.ts'
import { jwtSecretKey } from './jwt-secret.ts'
import { issueRefreshToken } from './refresh-tokens.ts'

export async function accessTokenFor(runtime: Runtime, userId: string, role: UserRole, familyId: string) {
  return signAccessToken({ userId, role, sessionId: familyId }, await jwtSecretKey(runtime.config), runtime.clock)
}

/** A new sign-in: a session (a refresh-token family) and its first access token. */
export async function issueTokenPair(trx: Transaction<Database>, runtime: Runtime, userId: string, role: UserRole) {
  const { refreshToken, familyId } = await issueRefreshToken(trx, { userId, role, clock: runtime.clock })
  return { accessToken: await accessTokenFor(runtime, userId, role, familyId), refreshToken }
}

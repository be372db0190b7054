import type { Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { signAccessToken, type UserRole } from './access-tokens.ts'
import { jwtSecretKey } from './jwt-secret.ts'
import { issueRefreshToken } from './refresh-tokens.ts'

/** `clock` fixes the instant of issue: the same claims at the same instant sign to the same token. */
export async function accessTokenFor(
  runtime: Runtime,
  userId: string,
  role: UserRole,
  familyId: string,
  clock: Clock = runtime.clock,
) {
  return signAccessToken({ userId, role, sessionId: familyId }, await jwtSecretKey(runtime.config), clock)
}

/** A new sign-in: a session (a refresh-token family) and its first access token. */
export async function issueTokenPair(trx: Transaction<Database>, runtime: Runtime, userId: string, role: UserRole) {
  const { refreshToken, familyId } = await issueRefreshToken(trx, { userId, role, clock: runtime.clock })
  return { accessToken: await accessTokenFor(runtime, userId, role, familyId), refreshToken }
}

import type { Kysely, Transaction } from 'kysely'
import { signAccessToken, type UserRole } from '#server/auth/access-tokens.ts'
import { jwtSecretKey } from '#server/auth/jwt-secret.ts'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { readSubscription } from '#server/subscriptions/read-subscription.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { toUserDto } from './account-dto.ts'
import { issueRefreshToken } from './refresh-tokens.ts'
import type { UserProfile } from './user-account.ts'

export async function accessTokenFor(runtime: Runtime, userId: string, role: UserRole, familyId: string) {
  return signAccessToken({ userId, role, sessionId: familyId }, await jwtSecretKey(runtime.config), runtime.clock)
}

/** A new sign-in: a refresh-token family and its first access token. */
export async function startSession(trx: Transaction<Database>, runtime: Runtime, userId: string, role: UserRole) {
  const { refreshToken, familyId } = await issueRefreshToken(trx, { userId, clock: runtime.clock })
  return { accessToken: await accessTokenFor(runtime, userId, role, familyId), refreshToken }
}

/** The `{ user, subscription, features }` answer of register, login and validate. */
export async function accountOf(runtime: Runtime, db: Kysely<Database>, profile: UserProfile) {
  return {
    user: toUserDto(profile),
    ...(await readSubscription(db, runtime.clock, profile.userId, () => viewsFresh(runtime))),
  }
}

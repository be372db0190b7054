import type { SignedInScope } from '#server/request-scope.ts'
import { verifyPassword } from './passwords.ts'
import { accountLimits, assertUnderRateLimit, takeRateLimit } from './rate-limiter.ts'

/**
 * Whether a signed-in person typed their current password. Wrong ones count against the account
 * like failed sign-ins, and once the window is full even the right one is refused until it ends:
 * an access token in someone else's hands cannot be turned into the password by guessing.
 */
export async function currentPasswordMatches(
  scope: SignedInScope,
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const { runtime, userId } = scope
  await assertUnderRateLimit(runtime, accountLimits.currentPasswordPerAccount, userId)
  if (await verifyPassword(passwordHash, password)) return true
  await takeRateLimit(runtime, accountLimits.currentPasswordPerAccount, userId)
  return false
}

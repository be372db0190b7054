import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { actingAs, type RequestScope } from '#server/request-scope.ts'
import { messages } from '#rules/auth-rules.ts'
import { normalizeEmail } from './normalize-email.ts'
import { spendVerificationTime, verifyPassword } from './passwords.ts'
import {
  accountLimits,
  assertUnderRateLimit,
  countHit,
  hitRecently,
  recentSignIns,
  takeRateLimit,
} from './rate-limiter.ts'
import { accountOf } from './account-answer.ts'
import { secondStepRequired, signInOrChallenge } from './second-step/sign-in-challenge.ts'
import { loadProfile } from './user-account.ts'

/**
 * E-mail and password sign-in (embedded identity mode). Failures count against the address and
 * account together and against the account's much higher ceiling, which an address the account
 * signed in from lately does not feel: a stranger's guesses cannot lock the owner out.
 */
export async function signInWithPassword(scope: RequestScope, input: { email: string; password: string }) {
  const { runtime } = scope
  const email = normalizeEmail(input.email)
  const addressAndAccount = `${scope.clientIp}\n${email}`
  await takeRateLimit(runtime, accountLimits.signInPerAddress, scope.clientIp)
  await assertUnderRateLimit(runtime, accountLimits.signInPerAddressAndAccount, addressAndAccount)
  const knownAddress = await hitRecently(runtime, recentSignIns, addressAndAccount)
  if (!knownAddress) await assertUnderRateLimit(runtime, accountLimits.signInPerAccount, email)
  const failed = async (): Promise<never> => {
    await takeRateLimit(runtime, accountLimits.signInPerAddressAndAccount, addressAndAccount)
    if (knownAddress) await countHit(runtime, accountLimits.signInPerAccount, email)
    else await takeRateLimit(runtime, accountLimits.signInPerAccount, email)
    throw new DomainError('invalid-credentials', messages.invalidCredentials)
  }

  const account = await runtime.db
    .selectFrom('user_emails')
    .leftJoin('user_credentials', 'user_credentials.user_id', 'user_emails.user_id')
    .select(['user_emails.user_id', 'user_credentials.password_hash'])
    .where('user_emails.email', '=', email)
    .executeTakeFirst()
  if (!account?.password_hash) {
    await spendVerificationTime(input.password)
    return failed()
  }
  if (!(await verifyPassword(account.password_hash, input.password))) return failed()

  const userId = account.user_id
  const person = actingAs(scope, userId)
  const outcome = await commandUnit(runtime.store, async (tx) => {
    const signedIn = await signInOrChallenge(tx, runtime, { userId, method: 'password' }, person.metadata())
    if (signedIn.kind === 'challenge') return signedIn
    return { ...signedIn, profile: await loadProfile(runtime.store, userId, tx.db) }
  })
  // The password was right: the address is not charged for it, and the second step is asked for.
  if (outcome.kind === 'challenge') return secondStepRequired(outcome.challenge)
  const { profile, tokens } = outcome
  if (!profile) throw new Error('Signed-in account has no profile')
  await countHit(runtime, recentSignIns, addressAndAccount)
  return { ...(await accountOf(runtime, runtime.db, profile)), tokens }
}

import { DomainError } from '#events/domain-error.ts'
import { retryOnConflict } from '#events/store/retry-on-conflict.ts'
import { messages } from '#rules/auth-rules.ts'
import { metadataFor, normalizeEmail, type AccountContext } from './account-context.ts'
import { spendVerificationTime, verifyPassword } from './passwords.ts'
import { accountLimits, assertUnderRateLimit, takeRateLimit } from './rate-limiter.ts'
import { accountOf, startSession } from './session.ts'
import { handleUserCommand, loadProfile } from './user-account.ts'

/** E-mail and password sign-in (embedded identity mode). */
export async function signInWithPassword(context: AccountContext, input: { email: string; password: string }) {
  const { runtime } = context
  const email = normalizeEmail(input.email)
  await takeRateLimit(runtime.db, runtime.clock, accountLimits.signInPerAddress, context.clientIp)
  await assertUnderRateLimit(runtime.db, runtime.clock, accountLimits.signInPerEmail, email)
  const failed = async (): Promise<never> => {
    await takeRateLimit(runtime.db, runtime.clock, accountLimits.signInPerEmail, email)
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
  const { profile, tokens } = await retryOnConflict(() =>
    runtime.store.transaction(async (tx) => {
      const { state } = await handleUserCommand(
        tx,
        runtime.store,
        userId,
        { type: 'RecordSignIn', method: 'password' },
        metadataFor(context, userId),
      )
      if (state.status === 'unregistered') throw new Error('Signed-in account has no history')
      const tokens = await startSession(tx.db, runtime, userId, state.role)
      return { profile: await loadProfile(runtime.store, userId, tx.db), tokens }
    }),
  )
  if (!profile) throw new Error('Signed-in account has no profile')
  return { ...(await accountOf(runtime, runtime.db, profile)), tokens }
}

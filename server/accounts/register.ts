import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { commandUnit } from '#events/store/command-handler.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import { asAnonymous, type RequestScope } from '#server/request-scope.ts'
import { messages } from '#rules/auth-rules.ts'
import { queueConfirmationLink } from './confirmation-link.ts'
import { normalizeEmail } from './normalize-email.ts'
import { hashPassword } from './passwords.ts'
import { accountLimits, takeRateLimit } from './rate-limiter.ts'
import { accountOf } from './account-answer.ts'
import { registerUser } from './register-user.ts'
import { loadProfile } from './user-account.ts'
import { answerSignUpForTakenAddress } from './existing-address-sign-up.ts'

async function ownerOf(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('user_emails').select('user_id').where('email', '=', email).executeTakeFirst()
  return row?.user_id
}

export type RegisterInput = { email: string; password: string; firstName: string; lastName: string }

/**
 * Creates an e-mail/password account (embedded identity mode). The address must be confirmed
 * through the mailed link before the first sign-in, so no tokens are handed out here.
 */
export async function registerWithPassword(scope: RequestScope, input: RegisterInput) {
  const { runtime } = scope
  await takeRateLimit(runtime, accountLimits.signUpPerAddress, scope.clientIp)
  const email = normalizeEmail(input.email)
  // Hashed whether or not the address is taken: both answers take the same time.
  const passwordHash = await hashPassword(input.password)
  const taken = await ownerOf(runtime.db, email)
  if (taken) return answerSignUpForTakenAddress(scope, taken, email, input)

  const userId = randomUUID()
  const account = await commandUnit(runtime.store, async (tx) => {
    await registerUser(
      tx,
      {
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        avatarUrl: null,
        provider: 'password',
        providerUserId: null,
        emailConfirmed: false,
      },
      // Nobody has an identity in an account that does not exist yet, whoever is signed in.
      asAnonymous(scope).metadata(userId),
    )
    await tx.db
      .insertInto('user_credentials')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: runtime.clock.now() })
      .execute()
    await queueConfirmationLink(tx.db, scope, { userId, email, firstName: input.firstName })
    const created = await loadProfile(runtime.store, userId, tx.db)
    if (!created) throw new Error('The new account could not be read back')
    // Made before the commit: once it is confirmed, the answer is the truth whatever happens next.
    return accountOf(runtime, tx.db, created, { waitForViews: false })
  }).catch(async (error: unknown) => {
    // Claimed by a sign-up at the same moment: answered like any taken address.
    const owner = error instanceof DomainError && error.code === 'already-exists' && (await ownerOf(runtime.db, email))
    if (owner) return { takenBy: owner }
    throw error
  })
  if ('takenBy' in account) return answerSignUpForTakenAddress(scope, account.takenBy, email, input)
  runtime.jobs.wake(mailEnqueuedEvent)
  return {
    ...account,
    tokens: null,
    needsConfirmation: true,
    message: messages.accountCreated,
  }
}

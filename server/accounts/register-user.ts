import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, seal } from '#events/pii/pii-vault.ts'
import type { StoreTransaction } from '#events/store/event-store.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { userMessages, userCommands } from '#events/users/user-decider.ts'
import type { IdentityProvider } from '#events/users/user.ts'
import type { Database } from '#server/db/schema.ts'

export type NewUser = {
  userId: string
  /** Lower-cased. */
  email: string
  firstName: string
  lastName: string
  avatarUrl: string | null
  provider: IdentityProvider
  providerUserId: string | null
  emailConfirmed: boolean
}

/**
 * Claims the e-mail address and appends UserRegistered with the personal fields sealed under a
 * new key of the person's own, in the caller's transaction. A taken address is 'already-exists'.
 */
export async function registerUser(tx: StoreTransaction<Database>, user: NewUser, metadata: EventMetadata) {
  const claimed = await tx.db
    .insertInto('user_emails')
    .values({ email: user.email, user_id: user.userId })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('user_id')
    .executeTakeFirst()
  if (!claimed) throw new DomainError('already-exists', userMessages.alreadyExists)
  const key = await ensureKeyFor(tx.db, user.userId)
  const sealed = (text: string) => seal(key, user.userId, text)
  await userCommands.handle(
    tx,
    user.userId,
    {
      type: 'Register',
      userId: user.userId,
      email: sealed(user.email),
      firstName: sealed(user.firstName),
      lastName: sealed(user.lastName),
      avatarUrl: user.avatarUrl ? sealed(user.avatarUrl) : null,
      provider: user.provider,
      providerUserId: user.providerUserId,
      emailConfirmed: user.emailConfirmed,
    },
    metadata,
  )
}

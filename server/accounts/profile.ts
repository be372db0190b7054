import { DomainError } from '#events/domain-error.ts'
import { eraseKeyFor, ensureKeyFor, keyFor, seal } from '#events/pii/pii-vault.ts'
import { userMessages } from '#events/users/user-decider.ts'
import { metadataFor, type AccountContext } from './account-context.ts'
import { revokeAllRefreshTokens } from './refresh-tokens.ts'
import { accountOf } from './session.ts'
import { handleUserCommand, loadProfile } from './user-account.ts'

/** Changes the names shown on the account (the same 2–50 character rule as sign-up). */
export async function updateProfile(
  context: AccountContext,
  userId: string,
  input: { firstName: string; lastName: string },
) {
  const { runtime } = context
  await runtime.store.transaction(async (tx) => {
    const key = await keyFor(tx.db, userId)
    if (!key) throw new DomainError('erased', userMessages.erased)
    await handleUserCommand(
      tx,
      runtime.store,
      userId,
      {
        type: 'UpdateProfile',
        firstName: seal(key, userId, input.firstName),
        lastName: seal(key, userId, input.lastName),
      },
      metadataFor(context, userId),
    )
  })
  const profile = await loadProfile(runtime.store, userId, runtime.db)
  if (!profile) throw new DomainError('not-found', userMessages.notFound)
  return accountOf(runtime, runtime.db, profile)
}

/**
 * Deletes the account: the person's data key is destroyed (every sealed value in the log becomes
 * unreadable), the e-mail index, credentials, identities, tokens and queued mail go, and
 * UserErased tells the views to forget the person. Orders, payments and usage counts stay, with
 * no one's name on them.
 */
export async function deleteAccount(context: AccountContext, userId: string, requestedBy: 'user' | 'support') {
  const { runtime } = context
  await runtime.store.transaction(async (tx) => {
    await ensureKeyFor(tx.db, userId)
    await handleUserCommand(
      tx,
      runtime.store,
      userId,
      { type: 'Erase', requestedBy },
      metadataFor(context, userId, requestedBy === 'user' ? { type: 'user', id: userId } : { type: 'support' }),
    )
    await eraseKeyFor(tx.db, userId)
    await tx.db.deleteFrom('user_emails').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('user_credentials').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('provider_identities').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('email_tokens').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('mail_outbox').where('user_id', '=', userId).execute()
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
  })
  await runtime.jobs.settled()
  return { deleted: true as const }
}

import { findPlan } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { isSubscriptionActive } from '#events/subscriptions/subscription.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import { eraseKeyFor, ensureKeyFor, keyFor, seal } from '#events/pii/pii-vault.ts'
import { userMessages, userCommands } from '#events/users/user-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { dropMailOf } from '#server/mail/mail-outbox.ts'
import { revokeAllRefreshTokens } from './tokens/refresh-tokens.ts'
import { accountOf } from './account-answer.ts'
import { accountDeletedMail, mailLinkBase } from './account-mail.ts'
import { loadProfile } from './user-account.ts'
import { viewsFresh } from '#server/views-fresh.ts'

/** Changes the names shown on the account (the same 2–50 character rule as sign-up). */
export async function updateProfile(scope: SignedInScope, input: { firstName: string; lastName: string }) {
  const { runtime, userId } = scope
  // The plan shown is the one in force: the views are fresh before the change, which does not touch them.
  await viewsFresh(runtime)
  return commandUnit(runtime.store, async (tx) => {
    const key = await keyFor(tx.db, userId)
    if (!key) throw new DomainError('erased', userMessages.erased)
    await userCommands.handle(
      tx,
      userId,
      {
        type: 'UpdateProfile',
        firstName: seal(key, userId, input.firstName),
        lastName: seal(key, userId, input.lastName),
      },
      scope.metadata(),
    )
    const profile = await loadProfile(runtime.store, userId, tx.db)
    if (!profile) throw new DomainError('not-found', userMessages.notFound)
    return accountOf(runtime, tx.db, profile, { waitForViews: false })
  })
}

/**
 * Deletes the account: the person's data key is destroyed (every sealed value in the log becomes
 * unreadable), the e-mail index, credentials, identities, tokens and queued mail go, and
 * UserErased tells the views to forget the person. Orders, payments and usage counts stay, with
 * no one's name on them.
 */
export async function deleteAccount(scope: SignedInScope) {
  const { runtime, userId } = scope
  const now = runtime.clock.now()
  await commandUnit(runtime.store, async (tx) => {
    // Read while the key still opens them: the goodbye mail goes to the address being erased.
    const profile = await loadProfile(runtime.store, userId, tx.db)
    const { state: plan } = await subscriptionCommands.load(runtime.store, userId, tx.db)
    await ensureKeyFor(tx.db, userId)
    await userCommands.handle(tx, userId, { type: 'Erase', requestedBy: 'user' }, scope.metadata())
    await eraseKeyFor(tx.db, userId)
    await dropMailOf(tx.db, userId)
    await tx.db.deleteFrom('user_emails').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('user_credentials').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('provider_identities').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('email_tokens').where('user_id', '=', userId).execute()
    await tx.db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute()
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
    if (profile && !profile.erased) {
      const mail = accountDeletedMail({
        to: profile.email,
        firstName: profile.firstName,
        publicUrl: mailLinkBase(scope),
        endedPlan: isSubscriptionActive(plan, now) ? (findPlan(plan.planType)?.name ?? null) : null,
      })
      // Not tied to the person (user_id null): the erasure above already happened.
      await enqueueMail(tx.db, { ...mail, dedupeKey: `account-deleted:${userId}`, forgetWhenSent: true }, runtime.clock)
    }
  })
  await runtime.jobs.settled()
  return { deleted: true as const }
}

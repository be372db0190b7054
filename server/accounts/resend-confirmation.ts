import { messages } from '#rules/auth-rules.ts'
import { loadAggregate } from '#events/store/command-handler.ts'
import { userAggregate } from '#events/users/user-decider.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import type { RequestScope } from '#server/request-scope.ts'
import { queueConfirmationLink } from './confirmation-link.ts'
import { normalizeEmail } from './normalize-email.ts'
import { takeRateLimit, type RateLimit } from './rate-limiter.ts'
import { loadProfile } from './user-account.ts'

/** Like password resets: a few links an hour per address, more per network. */
export const resendLimits = {
  perEmail: {
    name: 'resend-confirmation:email',
    limit: 3,
    windowMs: 60 * 60_000,
    message: 'Too many confirmation e-mails for this address. Please wait an hour and try again.',
  },
  perAddress: {
    name: 'resend-confirmation:ip',
    limit: 20,
    windowMs: 60 * 60_000,
    message: 'Too many confirmation e-mails requested from your network. Please wait an hour and try again.',
  },
} as const satisfies Record<string, RateLimit>

const resendAnswer = messages.confirmationResent

/**
 * Mails a new confirmation link when the address belongs to a password account not yet confirmed.
 * The answer is the same either way, so it cannot tell who has an account.
 */
export async function resendConfirmation(scope: RequestScope, input: { email: string }) {
  const { runtime } = scope
  const email = normalizeEmail(input.email)
  await takeRateLimit(runtime, resendLimits.perAddress, scope.clientIp)
  await takeRateLimit(runtime, resendLimits.perEmail, email)
  const owner = await runtime.db
    .selectFrom('user_emails')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'user_emails.user_id')
    .select('user_emails.user_id')
    .where('user_emails.email', '=', email)
    .executeTakeFirst()
  if (!owner) return { message: resendAnswer }
  const { state } = await loadAggregate(runtime.store, userAggregate, owner.user_id)
  if (state.status !== 'active' || state.emailConfirmed) return { message: resendAnswer }
  await runtime.store.transaction(async (tx) => {
    const profile = await loadProfile(runtime.store, owner.user_id, tx.db)
    const firstName = profile?.firstName ?? 'there'
    await queueConfirmationLink(tx.db, scope, { userId: owner.user_id, email, firstName })
  })
  runtime.jobs.wake(mailEnqueuedEvent)
  return { message: resendAnswer }
}

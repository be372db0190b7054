import { messages } from '#rules/auth-rules.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import type { RequestScope } from '#server/request-scope.ts'
import { queueConfirmationLink } from './confirmation-link.ts'
import { normalizeEmail } from './normalize-email.ts'
import { takeCooldown, takeRateLimit, type RateLimit } from './rate-limiter.ts'
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
  // One link a minute per address, however many clicks: a new link makes the last one's mail useless.
  cooldown: {
    name: 'confirmation-link:cooldown',
    limit: 1,
    windowMs: 60_000,
    message:
      'We sent a link less than a minute ago. Please check your inbox and spam folder, or ask again in a minute.',
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
  // Whether or not the address has an account, so the wait tells nothing either.
  await takeCooldown(runtime, resendLimits.cooldown, email)
  await takeRateLimit(runtime, resendLimits.perEmail, email)
  const owner = await pendingPasswordAccount(scope, email)
  if (owner) await mailNewConfirmationLink(scope, owner, email, 'resend')
  return { message: resendAnswer }
}

/** The password account of this address while it waits for confirmation, if there is one. */
export async function pendingPasswordAccount(scope: RequestScope, email: string): Promise<string | undefined> {
  const { runtime } = scope
  const owner = await runtime.db
    .selectFrom('user_emails')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'user_emails.user_id')
    .select('user_emails.user_id')
    .where('user_emails.email', '=', email)
    .executeTakeFirst()
  if (!owner) return undefined
  const { state } = await userCommands.load(runtime.store, owner.user_id)
  return state.status === 'active' && !state.emailConfirmed ? owner.user_id : undefined
}

/**
 * A new confirmation link for a pending account: asked for again ('resend'), or after a second
 * sign-up, whose mail says the account exists and which password opens it ('sign-up-again').
 */
export async function mailNewConfirmationLink(
  scope: RequestScope,
  userId: string,
  email: string,
  why: 'resend' | 'sign-up-again',
): Promise<void> {
  const { runtime } = scope
  await runtime.store.transaction(async (tx) => {
    const profile = await loadProfile(runtime.store, userId, tx.db)
    const firstName = profile?.firstName ?? 'there'
    await queueConfirmationLink(tx.db, scope, { userId, email, firstName, signedUpAgain: why === 'sign-up-again' })
  })
  runtime.jobs.wake(mailEnqueuedEvent)
}

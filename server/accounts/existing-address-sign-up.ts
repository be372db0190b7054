import { randomUUID } from 'node:crypto'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import type { RequestScope } from '#server/request-scope.ts'
import { messages } from '#rules/auth-rules.ts'
import { signUpAttemptMail, mailLinkBase } from './account-mail.ts'
import { accountOf } from './account-answer.ts'
import { tryCooldown } from './rate-limiter.ts'
import { mailNewConfirmationLink, pendingPasswordAccount, resendLimits } from './resend-confirmation.ts'
import { loadProfile } from './user-account.ts'

const hourMs = 60 * 60_000

/**
 * A sign-up for an address that already has an account. The answer is the one a new account gets
 * (a profile that exists nowhere, no tokens, "check your email"), so the API tells no one which
 * addresses have accounts; the owner, the one person entitled to know, gets a mail: a new
 * confirmation link while the account waits for one (at most one a minute), otherwise that the
 * address is already registered and how to sign in (at most one an hour).
 */
export async function answerSignUpForTakenAddress(
  scope: RequestScope,
  ownerId: string,
  email: string,
  input: { firstName: string; lastName: string },
) {
  const { runtime } = scope
  const owner = await loadProfile(runtime.store, ownerId, runtime.db)
  const pending = owner && !owner.erased ? await pendingPasswordAccount(scope, email) : undefined
  if (pending) {
    // Still waiting for confirmation: what the person needs is the link, at most one a minute with the resend's.
    if ((await tryCooldown(runtime, resendLimits.cooldown, email)).ready)
      await mailNewConfirmationLink(scope, pending, email, 'sign-up-again')
  } else if (owner && !owner.erased) {
    const hour = Math.floor(runtime.clock.now().getTime() / hourMs)
    await enqueueMail(
      runtime.db,
      {
        ...signUpAttemptMail({ to: email, firstName: owner.firstName, publicUrl: mailLinkBase(scope) }),
        dedupeKey: `sign-up-attempt:${ownerId}:${hour}`,
        userId: ownerId,
      },
      runtime.clock,
    )
    runtime.jobs.wake(mailEnqueuedEvent)
  }
  const now = runtime.clock.now()
  return {
    ...(await accountOf(runtime, runtime.db, {
      userId: randomUUID(),
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      avatarUrl: null,
      role: 'user',
      emailConfirmed: false,
      providers: ['password'],
      createdAt: now,
      lastLoginAt: null,
      erased: false,
    })),
    tokens: null,
    needsConfirmation: true,
    message: messages.accountCreated,
  }
}

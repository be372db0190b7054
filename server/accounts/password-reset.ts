import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { messages } from '#rules/auth-rules.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import { actingAs, asAnonymous, type RequestScope } from '#server/request-scope.ts'
import { passwordResetMail, mailLinkBase } from './account-mail.ts'
import { consumeEmailToken, createEmailToken, isEmailTokenUsable } from './tokens/email-tokens.ts'
import { hashPassword } from './passwords.ts'
import { accountLimits, takeRateLimit } from './rate-limiter.ts'
import { revokeAllRefreshTokens } from './tokens/refresh-tokens.ts'
import { normalizeEmail } from './normalize-email.ts'
import { loadProfile } from './user-account.ts'

/**
 * Mails a reset link when the address has an account. The answer is the same either way, so the
 * form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  scope: RequestScope,
  input: { email: string },
  options: { sendMail: boolean },
) {
  const { runtime } = scope
  const email = normalizeEmail(input.email)
  await takeRateLimit(runtime, accountLimits.resetPerAddress, scope.clientIp)
  await takeRateLimit(runtime, accountLimits.resetPerEmail, email)
  const owner = await runtime.db
    .selectFrom('user_emails')
    .select('user_id')
    .where('email', '=', email)
    .executeTakeFirst()
  if (owner) {
    const { state } = await userCommands.load(runtime.store, owner.user_id)
    if (state.status === 'active') {
      await commandUnit(runtime.store, async (tx) => {
        // Anyone may ask for a link to any address: the request proves nobody's identity.
        await userCommands.handle(
          tx,
          owner.user_id,
          { type: 'RequestPasswordReset' },
          asAnonymous(scope).metadata(owner.user_id),
        )
        if (!options.sendMail) return
        const profile = await loadProfile(runtime.store, owner.user_id, tx.db)
        const { token, hash } = await createEmailToken(tx.db, owner.user_id, 'reset-password', runtime.clock)
        await enqueueMail(
          tx.db,
          {
            ...passwordResetMail({
              to: email,
              firstName: profile?.firstName ?? 'there',
              publicUrl: mailLinkBase(scope),
              token,
            }),
            dedupeKey: `reset-password:${hash}`,
            userId: owner.user_id,
          },
          runtime.clock,
        )
      })
      runtime.jobs.wake(mailEnqueuedEvent)
    }
  }
  return { message: messages.resetRequested }
}

/**
 * Checks a reset link before the page asks for a new password, so a used or expired link says so
 * at once instead of after the person has typed one. The link stays usable.
 */
export async function checkResetLink(scope: RequestScope, input: { token: string }) {
  const { runtime } = scope
  if (!(await isEmailTokenUsable(runtime.db, input.token, 'reset-password', runtime.clock)))
    throw new DomainError('invalid-link', messages.invalidResetLink)
  return { usable: true as const }
}

/** Sets a new password from a mailed reset link and ends every session. */
export async function resetPasswordWithToken(scope: RequestScope, input: { token: string; password: string }) {
  const { runtime } = scope
  const passwordHash = await hashPassword(input.password)
  await commandUnit(runtime.store, async (tx) => {
    const consumed = await consumeEmailToken(tx.db, input.token, 'reset-password', runtime.clock)
    if (!consumed || consumed.alreadyUsed) throw new DomainError('invalid-link', messages.invalidResetLink)
    const userId = consumed.userId
    // The mailed link proves who opens it.
    const person = actingAs(scope, userId)
    await userCommands.handle(tx, userId, { type: 'ChangePassword', via: 'reset' }, person.metadata())
    await tx.db
      .insertInto('user_credentials')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: runtime.clock.now() })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: runtime.clock.now() }),
      )
      .execute()
    await revokeAllRefreshTokens(tx.db, userId, runtime.clock)
  })
  return { reset: true as const }
}

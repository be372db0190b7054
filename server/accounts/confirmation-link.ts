import type { Transaction } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import type { RequestScope } from '#server/request-scope.ts'
import { confirmationMail, mailLinkBase } from './account-mail.ts'
import { createEmailToken } from './tokens/email-tokens.ts'

/**
 * Issues a new confirmation token and puts its link in the outbox, in the caller's transaction.
 * `signedUpAgain`: the mail also says the account exists and the first password opens it.
 */
export async function queueConfirmationLink(
  db: Transaction<Database>,
  scope: RequestScope,
  person: { userId: string; email: string; firstName: string; signedUpAgain?: boolean },
): Promise<void> {
  const { clock } = scope.runtime
  const { token, hash } = await createEmailToken(db, person.userId, 'confirm-email', clock)
  await enqueueMail(
    db,
    {
      ...confirmationMail({
        to: person.email,
        firstName: person.firstName,
        publicUrl: mailLinkBase(scope),
        token,
        signedUpAgain: person.signedUpAgain ?? false,
      }),
      dedupeKey: `confirm-email:${hash}`,
      userId: person.userId,
    },
    clock,
  )
}

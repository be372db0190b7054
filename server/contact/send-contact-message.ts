import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { contactSealer } from '#events/contact/contact-keys.ts'
import { contactMessageReceived, contactStreamId } from '#events/contact/contact-message.ts'
import { contactMessages, type ContactInput } from '#rules/contact-rules.ts'
import { takeRateLimit } from '#server/accounts/rate-limiter.ts'
import { mailEnqueuedEvent } from '#server/mail/mail-jobs.ts'
import type { RequestScope } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { contactLimits } from './contact-limits.ts'
import { contactMailReactorName } from './contact-mail-reactor.ts'

/** What the form tells the sender the message went to. */
function contactServiceName(runtime: Runtime): string {
  return runtime.config.mail.smtpUrl ? 'Interview Helper support inbox' : runtime.mailer.name
}

/**
 * Keeps the message as an event first; the contact mail reactor then queues it for the support
 * inbox through the mail outbox. An unreachable mail server delays the mail, it never loses the message.
 */
export async function sendContactMessage(
  scope: RequestScope,
  input: ContactInput,
): Promise<{ messageId: string; sentVia: string }> {
  const { runtime } = scope
  const userId = scope.userId ?? null
  const inbox = runtime.config.site.supportEmail
  if (!inbox) throw new DomainError('no-support-inbox', contactMessages.noEmailService)
  await takeRateLimit(runtime, contactLimits.perAddress, scope.clientIp)
  await takeRateLimit(runtime, contactLimits.perEmail, input.email.toLowerCase())

  const messageId = randomUUID()
  await runtime.store.transaction(async (tx) => {
    const sealer = await contactSealer(tx.db, messageId, userId)
    const data = {
      messageId,
      sealedWith: sealer.sealedWith,
      senderUserId: userId,
      firstName: sealer.seal(input.firstName),
      lastName: sealer.seal(input.lastName),
      email: sealer.seal(input.email),
      subject: sealer.seal(input.subject),
      message: sealer.seal(input.message),
      deliverTo: inbox,
    }
    await tx.append(
      contactStreamId(messageId),
      'no_stream',
      [{ type: contactMessageReceived.type, data }],
      scope.metadata(),
    )
  })
  if (runtime.jobs.mode === 'in-process') {
    // Mail right away rather than at the next poll; with Inngest its cron does the same within a minute.
    runtime.projections
      .catchUp(contactMailReactorName)
      .then(() => runtime.jobs.wake(mailEnqueuedEvent))
      .catch((error: unknown) =>
        runtime.log.warn('contact mail reactor failed; the next poll retries it', { messageId, error }),
      )
  }
  return { messageId, sentVia: contactServiceName(runtime) }
}

import { systemClock } from '#events/clock.ts'
import { contactEventDefinitions, contactMessageReceived } from '#events/contact/contact-message.ts'
import { openContactMessage } from '#events/contact/contact-keys.ts'
import type { Projection } from '#events/projections/projection.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import type { Database } from '#server/db/schema.ts'
import { enqueueMail } from '#server/mail/mail-outbox.ts'
import { contactMail } from './contact-mail.ts'

export const contactMailReactorName = 'contact_mail'

/**
 * Queues each received contact message for the support inbox. It rides on the projection runner
 * for its delivery guarantees (lock, checkpoint and effects in one transaction, in-process or
 * Inngest), but it is a reactor: it keeps its own record by event id and `truncate` keeps that
 * record, so a rebuild or a version bump never mails anyone twice (decision 0003). The outbox's
 * dedupe key is the event id as well.
 */
export const contactMailReactor: Projection = {
  name: contactMailReactorName,
  version: 1,
  eventTypes: [contactMessageReceived.type],
  apply: async (eventsTrx, event) => {
    if (!isEventOf(contactEventDefinitions, event)) return
    // Its own record and the mail outbox are the server's tables, written in the runner's transaction.
    const trx = eventsTrx.$extendTables<Database>()
    const recorded = await trx
      .insertInto('contact_mail_reactions')
      .values({ event_id: event.eventId, message_id: event.data.messageId, enqueued_at: new Date() })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst()
    if (!recorded) return
    const fields = await openContactMessage(trx, event.data)
    // Erased before it could be mailed: there is nothing left to send.
    if (!fields) return
    const mail = contactMail({
      to: event.data.deliverTo,
      messageId: event.data.messageId,
      senderUserId: event.data.senderUserId,
      receivedAt: event.createdAt,
      fields,
    })
    await enqueueMail(
      trx,
      { ...mail, dedupeKey: `contact:${event.eventId}`, userId: event.data.senderUserId },
      systemClock,
    )
  },
  truncate: async () => {
    // Deliberately keeps contact_mail_reactions: forgetting it would mail every message again.
  },
}

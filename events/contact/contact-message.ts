import { z } from 'zod'
import { sealedText } from '#events/pii/pii-vault.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

export const contactStreamId = (messageId: string) => `contact-${messageId}`

/**
 * Whose key seals the personal fields: a signed-in sender's own key (erasing the account shreds
 * the message too), or a key made for this one message (events/contact/contact-keys.ts).
 */
const contactSealedWith = z.enum(['user', 'message'])

/**
 * A message from the contact form, kept before any mail is attempted. Every field a person typed
 * is sealed; `deliverTo` is our own inbox, decided when the message was accepted so the mail
 * reactor stays a pure function of the event.
 */
export const contactMessageReceived = defineEvent({
  type: 'ContactMessageReceived',
  schemaVersion: 1,
  schema: z.object({
    messageId: z.uuid(),
    sealedWith: contactSealedWith,
    senderUserId: z.string().nullable(),
    firstName: sealedText,
    lastName: sealedText,
    email: sealedText,
    subject: sealedText,
    message: sealedText,
    deliverTo: z.email(),
  }),
})

export const contactEventDefinitions = [contactMessageReceived] as const

export type ContactEvent = EventOf<(typeof contactEventDefinitions)[number]>

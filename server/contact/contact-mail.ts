import type { OpenedContactMessage } from '#events/contact/contact-keys.ts'
import type { MailMessage } from '#server/mail/mailer.ts'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  )

/** The mail support receives; replying answers the sender directly. */
export function contactMail(options: {
  to: string
  messageId: string
  senderUserId: string | null
  receivedAt: Date
  fields: OpenedContactMessage
}): MailMessage {
  const { fields } = options
  const from = `${fields.firstName} ${fields.lastName} <${fields.email}>`
  const account = options.senderUserId ? `signed in (user ${options.senderUserId})` : 'not signed in'
  const header = [
    `From: ${from}`,
    `Account: ${account}`,
    `Received: ${options.receivedAt.toISOString()}`,
    `Message id: ${options.messageId}`,
  ]
  return {
    to: options.to,
    replyTo: fields.email,
    subject: `[Contact] ${fields.subject}`,
    text: `${header.join('\n')}\n\n${fields.message}\n`,
    html: `<p>${header.map(escapeHtml).join('<br>')}</p><p style="white-space:pre-wrap">${escapeHtml(fields.message)}</p>`,
  }
}

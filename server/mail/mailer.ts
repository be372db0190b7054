import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Transporter } from 'nodemailer'
import type { Database } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'

export type MailMessage = { to: string; replyTo?: string | null; subject: string; text: string; html: string }

/** Where mail goes: SMTP when configured, else the development mailbox. */
export type Mailer = { name: string; send: (message: MailMessage) => Promise<void> }

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  // nodemailer is loaded with the first mail, not at start (decision 0070).
  let transport: Promise<Transporter> | undefined
  const connect = async () => (await import('nodemailer')).default.createTransport(options.url)
  return {
    name: 'SMTP',
    send: async (message) => {
      transport ??= connect()
      await (
        await transport
      ).sendMail({
        from: options.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
    },
  }
}

/** The longest a mailed link works (a confirmation link): older messages are of no use to anyone. */
const devMailboxKeepMs = 7 * 24 * 60 * 60_000

/**
 * The development mailbox: every message is kept in the database, readable at /dev/mailbox (a
 * page that exists only outside production and answers only this machine), and printed to the log
 * with its links. Messages are kept while their links may still work, then dropped.
 */
export function createDevMailbox(db: Kysely<Database>, log: Logger): Mailer {
  return {
    name: 'Development mailbox',
    send: async (message) => {
      await db
        .deleteFrom('dev_mailbox')
        .where('created_at', '<', new Date(Date.now() - devMailboxKeepMs))
        .execute()
      await db
        .insertInto('dev_mailbox')
        .values({
          id: randomUUID(),
          to_address: message.to,
          reply_to: message.replyTo ?? null,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          created_at: new Date(),
        })
        .execute()
      log.info('mail delivered to the development mailbox (see /dev/mailbox)', {
        to: message.to,
        subject: message.subject,
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
      })
    },
  }
}

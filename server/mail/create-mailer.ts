import type { Kysely } from 'kysely'
import type { AppConfig } from '#app.config.ts'
import type { Database } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { createDevMailbox, createSmtpMailer, type Mailer } from './mailer.ts'

export function createMailer(options: { config: AppConfig; db: Kysely<Database>; log: Logger }): Mailer {
  const { mail } = options.config
  return mail.smtpUrl
    ? createSmtpMailer({ url: mail.smtpUrl, from: mail.from })
    : createDevMailbox(options.db, options.log)
}

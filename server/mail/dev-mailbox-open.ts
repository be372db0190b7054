import type { AppConfig } from '#app.config.ts'

/**
 * Whether this server keeps its mail in the development mailbox: only while mail goes nowhere
 * else (no SMTP, not production). Its REST operation is documented and served only then.
 */
export function devMailboxOpen(config: Pick<AppConfig, 'isProduction' | 'mail'>): boolean {
  return !config.isProduction && config.mail.smtpUrl === undefined
}

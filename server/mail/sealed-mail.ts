import type { Kysely, Transaction } from 'kysely'
import { DomainError } from '#events/domain-error.ts'
import { ensureKeyFor, keyFor, seal, sealedText, unseal } from '#events/pii/pii-vault.ts'
import type { Database } from '#server/db/schema.ts'
import type { MailMessage } from './mailer.ts'

type Executor = Transaction<Database> | Kysely<Database>
type MailContent = Pick<MailMessage, 'subject' | 'text' | 'html'> & { replyTo: string | null }

/**
 * A person's mail waits in the outbox sealed with their own data key, as their data in the log is:
 * a live confirmation or reset link is not in clear while an unreachable mail server keeps it
 * waiting, and erasing the person makes whatever is left of their mail unreadable. Mail about no
 * one (a contact message sent without signing in) has no key to seal with and holds no link.
 * Answers undefined for a person erased already: there is no one left to write to.
 */
export async function sealMailFor(
  trx: Executor,
  userId: string | null,
  content: MailContent,
): Promise<MailContent | undefined> {
  if (userId === null) return content
  const key = await ensureKeyFor(trx, userId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'erased') return undefined
    throw error
  })
  if (!key) return undefined
  const sealed = (text: string) => seal(key, userId, text)
  return {
    subject: sealed(content.subject),
    text: sealed(content.text),
    html: sealed(content.html),
    replyTo: content.replyTo === null ? null : sealed(content.replyTo),
  }
}

/** The mail as written, or undefined once its person's key has been erased. */
export async function openMailOf(
  db: Executor,
  userId: string | null,
  content: MailContent,
): Promise<MailContent | undefined> {
  if (userId === null) return content
  const key = await keyFor(db, userId)
  if (!key) return undefined
  // Mail queued before sealing began is still in clear.
  const open = (text: string) => (sealedText.safeParse(text).success ? (unseal(key, userId, text) ?? '') : text)
  return {
    subject: open(content.subject),
    text: open(content.text),
    html: open(content.html),
    replyTo: content.replyTo === null ? null : open(content.replyTo),
  }
}

import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import type { Mailer, MailMessage } from './mailer.ts'
import { openMailOf, sealMailFor } from './sealed-mail.ts'

/** Waits between attempts; after the last one the message is marked failed for support to see. */
export const retryDelaysMs = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const

/**
 * Queues a message in the caller's transaction, sealed for its person (sealed-mail.ts); nothing for
 * a person erased already. The dedupe key (an event id, a token id) makes a retried request queue it once.
 */
export async function enqueueMail(
  trx: Transaction<Database> | Kysely<Database>,
  message: MailMessage & { dedupeKey: string; userId?: string | null; forgetWhenSent?: boolean },
  clock: Clock,
): Promise<void> {
  const now = clock.now()
  const userId = message.userId ?? null
  const sealed = await sealMailFor(trx, userId, { ...message, replyTo: message.replyTo ?? null })
  if (!sealed) return
  await trx
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      dedupe_key: message.dedupeKey,
      user_id: userId,
      to_address: message.to,
      reply_to: sealed.replyTo,
      subject: sealed.subject,
      text_body: sealed.text,
      html_body: sealed.html,
      status: 'pending',
      forget_when_sent: message.forgetWhenSent ?? false,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute()
}

/**
 * Erasure's part of the outbox: the person's own mail, and mail sent for them while they were not
 * signed in (a contact message answers to their address), sent or waiting. Runs before the
 * person's addresses are forgotten.
 */
export async function dropMailOf(trx: Transaction<Database>, userId: string): Promise<void> {
  const addresses = trx.selectFrom('user_emails').select('email').where('user_id', '=', userId)
  await trx
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb(eb.fn('lower', ['to_address']), 'in', addresses),
        eb(eb.fn('lower', ['reply_to']), 'in', addresses),
      ]),
    )
    .execute()
}

type DeliveryReport = { sent: number; retried: number; failed: number }

/** How long a claimed message is left alone before another deliverer may assume the first one died. */
const claimLeaseMs = 5 * 60_000

/**
 * Sends what is due. Each message is claimed first (a short transaction that moves its next
 * attempt past a lease), then sent with no transaction open, so a slow SMTP server never holds a
 * lock and two deliverers never send one message at once. A deliverer that dies mid-send leaves
 * the message to be retried after the lease: delivery is at least once.
 */
export async function deliverDueMail(options: {
  db: Kysely<Database>
  mailer: Mailer
  clock: Clock
  log: Logger
  limit?: number
}) {
  const { db, mailer, clock, log } = options
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 }
  for (let index = 0; index < (options.limit ?? 50); index += 1) {
    const now = clock.now()
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(now.getTime() + claimLeaseMs), attempts: sql<number>`attempts + 1` })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst()
    if (!claimed) break
    const content = await openMailOf(db, claimed.user_id, {
      subject: claimed.subject,
      text: claimed.text_body,
      html: claimed.html_body,
      replyTo: claimed.reply_to,
    })
    if (!content) {
      // Its person was erased while it waited: nothing of it may be sent or kept.
      await db.deleteFrom('mail_outbox').where('id', '=', claimed.id).execute()
      continue
    }
    try {
      await mailer.send({ to: claimed.to_address, ...content })
      if (claimed.forget_when_sent) {
        await db.deleteFrom('mail_outbox').where('id', '=', claimed.id).execute()
        report.sent += 1
        continue
      }
      await db
        .updateTable('mail_outbox')
        // A sent body has done its job, and it may hold a live confirmation or reset link: only
        // the envelope (recipient, subject, when, by whom) stays for support.
        .set({
          status: 'sent',
          sent_at: clock.now(),
          last_error: null,
          delivered_by: mailer.name,
          text_body: '',
          html_body: '',
        })
        .where('id', '=', claimed.id)
        .execute()
      report.sent += 1
    } catch (error) {
      const delay = retryDelaysMs[claimed.attempts - 1]
      const message = error instanceof Error ? error.message : String(error)
      log.warn('mail delivery failed', {
        id: claimed.id,
        attempt: claimed.attempts,
        error: message,
        willRetry: delay !== undefined,
      })
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: message.slice(0, 1000),
          status: delay === undefined ? 'failed' : 'pending',
          next_attempt_at: new Date(clock.now().getTime() + (delay ?? 0)),
        })
        .where('id', '=', claimed.id)
        .execute()
      report[delay === undefined ? 'failed' : 'retried'] += 1
    }
  }
  return report
}

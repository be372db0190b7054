import { sql, type Kysely } from 'kysely'

/**
 * Personal data only where erasure reaches it. Rate-limit buckets were keyed by raw e-mail and
 * client addresses; they are now keyed by a keyed hash, which SQL cannot compute without the
 * server secret, so the old windows (an hour at most) are dropped: the counts start afresh. Sent
 * mail kept its body, live confirmation and reset links included; the bodies of sent mail go.
 */
export async function up<Schema>(db: Kysely<Schema>): Promise<void> {
  await sql`delete from rate_limits`.execute(db)
  await sql`update mail_outbox set text_body = '', html_body = '' where status = 'sent'`.execute(db)
}

export async function down(): Promise<void> {
  // Nothing to restore: what was dropped was personal data that should not have been kept.
}

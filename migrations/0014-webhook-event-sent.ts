import { sql, type Kysely } from 'kysely'

/**
 * With Inngest each delivery is announced as its own event; `event_sent_at` records that the
 * announcement reached Inngest, so the cron fallback re-sends only the ones that never did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('event_sent_at', 'timestamptz').execute()
  await sql`
    create index webhook_deliveries_unsent on webhook_deliveries (received_at)
    where outcome is null and event_sent_at is null
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_unsent').execute()
  await db.schema.alterTable('webhook_deliveries').dropColumn('event_sent_at').execute()
}

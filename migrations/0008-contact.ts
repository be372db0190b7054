import type { Kysely } from 'kysely'

// Contact messages live in the event log with sealed personal data; these tables hold the keys of
// anonymous senders' messages and the mail reactor's record of what it queued.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_message_keys')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema
    .createTable('contact_mail_reactions')
    .addColumn('event_id', 'uuid', (col) => col.primaryKey())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('enqueued_at', 'timestamptz', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_mail_reactions').execute()
  await db.schema.dropTable('contact_message_keys').execute()
}

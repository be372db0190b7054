import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_activity')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('event_count', 'integer', (col) => col.notNull())
    .addColumn('first_event_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_event_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_event_type', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_activity').execute()
}

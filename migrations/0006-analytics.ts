import type { Kysely } from 'kysely'

// Product analytics when no GA4 measurement id is configured: telemetry, not domain events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('params', 'jsonb', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('analytics_events_name').on('analytics_events').columns(['name', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute()
}

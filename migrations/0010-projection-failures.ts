import { sql, type Kysely } from 'kysely'

// One row per projection halted at an event it could not apply: where it stopped, why, and when to
// try again. The row goes when the projection gets past that event (or is rebuilt).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projection_failures')
    .addColumn('projection', 'text', (col) => col.primaryKey())
    .addColumn('transaction_id', sql`xid8`, (col) => col.notNull())
    .addColumn('global_position', 'bigint', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('stream_id', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('first_failed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projection_failures').execute()
}

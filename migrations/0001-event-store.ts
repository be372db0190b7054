import { sql, type Kysely } from 'kysely'

// Migrations take Kysely<unknown>: they describe the schema as it was then, not as the code types it now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('global_position', 'bigint', (col) => col.generatedAlwaysAsIdentity())
    .addColumn('stream_id', 'text', (col) => col.notNull())
    .addColumn('stream_position', 'bigint', (col) => col.notNull())
    .addColumn('transaction_id', sql`xid8`, (col) => col.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('schema_version', 'integer', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('user_id', 'text')
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('metadata', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('events_pkey', ['stream_id', 'stream_position'])
    .execute()
  await db.schema
    .createIndex('events_commit_order')
    .on('events')
    .columns(['transaction_id', 'global_position'])
    .execute()
  await db.schema.createIndex('events_user').on('events').columns(['user_id', 'global_position']).execute()

  await db.schema
    .createTable('streams')
    .addColumn('stream_id', 'text', (col) => col.primaryKey())
    .addColumn('stream_type', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('transaction_id', sql`xid8`, (col) => col.notNull())
    .addColumn('global_position', 'bigint', (col) => col.notNull())
    .addColumn('events_applied', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projection_checkpoints').execute()
  await db.schema.dropTable('streams').execute()
  await db.schema.dropTable('events').execute()
}

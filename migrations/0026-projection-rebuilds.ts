import type { Kysely } from 'kysely'

/**
 * One row per projection that support rebuilt or is rebuilding: its progress (events read out of
 * the log's size), so every replica and the command line see the same figures, and a second
 * rebuild of the same projection is refused while one runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projection_rebuilds')
    .addColumn('projection', 'text', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('events_done', 'bigint', (col) => col.notNull())
    .addColumn('events_total', 'bigint', (col) => col.notNull())
    .addColumn('started_by', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projection_rebuilds').execute()
}

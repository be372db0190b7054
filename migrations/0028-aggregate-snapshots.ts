import { sql, type Kysely } from 'kysely'

/**
 * A deciding state folded up to a stream version, so a long stream is not folded from its first
 * event on every command and read. `snapshot_key` names the aggregate and its decider version: a
 * changed decider reads none of the older snapshots and writes its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aggregate_snapshots')
    .addColumn('stream_id', 'text', (col) => col.notNull())
    .addColumn('snapshot_key', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('state', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('aggregate_snapshots_pkey', ['stream_id', 'snapshot_key'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('aggregate_snapshots').execute()
}

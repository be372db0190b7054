import type { Kysely } from 'kysely'

/**
 * Each running server says it is alive (decision 0103), and an Idempotency-Key claim names the
 * server running its request: a repeat takes over a claim whose server stopped or went silent,
 * instead of waiting 5 minutes for it to count as abandoned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('alive_at', 'timestamptz', (col) => col.notNull())
    .execute()
  // Claims taken before this migration name no server: they keep the 5-minute rule.
  await db.schema.alterTable('idempotency_keys').addColumn('instance_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('instance_id').execute()
  await db.schema.dropTable('server_instances').execute()
}

import type { Kysely } from 'kysely'

/**
 * One-time codes of the sandbox Google provider (development only, no Supabase): the consent screen
 * gets one, the callback exchanges it once for a session. Only the code's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_identity_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('challenge', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_identity_codes').execute()
}

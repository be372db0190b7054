import type { Kysely } from 'kysely'

/**
 * The second step of a sign-in (decision 0092): a correct password (or Google) opens a challenge
 * that one code completes. Only the challenge token's hash is kept; a challenge lives 5 minutes,
 * takes a few wrong codes, and is used once. Removed with the person on erasure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('provider_user_id', 'text')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('sign_in_challenges_user').on('sign_in_challenges').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute()
}

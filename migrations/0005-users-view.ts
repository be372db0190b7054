import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users_view')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('providers', 'text', (col) => col.notNull())
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('sign_in_count', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('erased_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('users_view_email').on('users_view').column('email').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users_view').execute()
}

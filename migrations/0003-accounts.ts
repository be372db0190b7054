import { sql, type Kysely } from 'kysely'

// The accounts write model: what must never be in events (hashes, tokens) and what must be
// erasable (the e-mail look-up, the per-person data keys).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_data_keys')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('user_emails')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique())
    .execute()

  await db.schema
    .createTable('provider_identities')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_user_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('provider_identities_pkey', ['provider', 'provider_user_id'])
    .execute()

  await db.schema
    .createTable('user_credentials')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('family_id', 'uuid', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute()
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute()

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('confirm-email', 'reset-password')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['bucket', 'window_start'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rate_limits',
    'email_tokens',
    'refresh_tokens',
    'user_credentials',
    'provider_identities',
    'user_emails',
    'user_data_keys',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}

import { sql, type Kysely } from 'kysely'

// Sign-in sessions, read on every authenticated request, and tombstones for erased data keys.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('user', 'support')`))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute()

  // Every refresh-token family still alive is a session; its role is the person's latest one.
  await sql`
    insert into auth_sessions (id, user_id, role, started_at, ended_at)
    select family_id, min(user_id), coalesce((
        select data->>'role' from events
        where events.user_id = min(refresh_tokens.user_id) and type = 'RoleChanged'
        order by global_position desc limit 1
      ), 'user'), min(created_at), null
    from refresh_tokens
    where revoked_at is null
    group by family_id
  `.execute(db)

  // An erased person's key row stays, keyless, so no later write can create a new key for them.
  await sql`alter table user_data_keys alter column key drop not null`.execute(db)
  await sql`alter table user_data_keys add column erased_at timestamptz`.execute(db)
  await sql`
    insert into user_data_keys (user_id, key, created_at, erased_at)
    select user_id, null, min(created_at), min(created_at) from events
    where type = 'UserErased' and user_id is not null
    group by user_id
    on conflict (user_id) do update set key = null, erased_at = excluded.erased_at
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_data_keys where key is null`.execute(db)
  await sql`alter table user_data_keys drop column erased_at`.execute(db)
  await sql`alter table user_data_keys alter column key set not null`.execute(db)
  await db.schema.dropTable('auth_sessions').execute()
}

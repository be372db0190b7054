import { sql, type Kysely } from 'kysely'

/**
 * The owner check in one round trip without reading the person's stream: `owner_erased` takes a
 * share lock on the person's stream row (an erasure being written waits for the deciding unit, or
 * the unit waits for the erasure), then answers whether the stream holds `UserErased`. Inside a
 * volatile PL/pgSQL function the query after the lock takes a fresh snapshot under READ
 * COMMITTED, so it sees an erasure committed while the lock waited, as a separate statement would.
 * The partial index keeps that answer one index probe however many sign-ins the stream holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_user_erased on events (stream_id) where type = 'UserErased'`.execute(db)
  await sql`
    create function owner_erased(p_stream_id text)
    returns boolean
    language plpgsql volatile
    as $$
    begin
      perform 1 from streams s where s.stream_id = p_stream_id for share;
      return exists (select 1 from events e where e.stream_id = p_stream_id and e.type = 'UserErased');
    end
    $$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function owner_erased(text)`.execute(db)
  await sql`drop index events_user_erased`.execute(db)
}

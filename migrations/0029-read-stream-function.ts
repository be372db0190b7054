import { sql, type Kysely } from 'kysely'

/**
 * Reads a stream in one round trip: optionally takes the stream's lock first, then reads the
 * snapshot (when a key is given) and the events after it. Inside a volatile PL/pgSQL function each
 * query takes a fresh snapshot under READ COMMITTED, so the read that follows the lock sees
 * everything the previous holder committed, as a separate statement would. The snapshot comes back
 * as a first row with only `stream_position` (its version) and `snapshot` set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function read_stream(p_stream_id text, p_lock boolean, p_snapshot_key text)
    returns table (
      global_position bigint, stream_id text, stream_position bigint, transaction_id text, type text,
      schema_version integer, event_id uuid, user_id text, data jsonb, metadata jsonb,
      created_at timestamptz, snapshot jsonb
    )
    language plpgsql volatile
    as $$
    #variable_conflict use_column
    declare
      v_from bigint := 0;
      v_state jsonb;
    begin
      if p_lock then
        perform pg_advisory_xact_lock(hashtext('event-stream'), hashtext(p_stream_id));
      end if;
      if p_snapshot_key is not null then
        select s.version, s.state into v_from, v_state
          from aggregate_snapshots s
          where s.stream_id = p_stream_id and s.snapshot_key = p_snapshot_key;
        if v_state is null then
          v_from := 0;
        else
          return query select null::bigint, p_stream_id, v_from, null::text, null::text, null::integer,
            null::uuid, null::text, null::jsonb, null::jsonb, null::timestamptz, v_state;
        end if;
      end if;
      return query select e.global_position, e.stream_id, e.stream_position, e.transaction_id::text, e.type,
          e.schema_version, e.event_id, e.user_id, e.data, e.metadata, e.created_at, null::jsonb
        from events e
        where e.stream_id = p_stream_id and e.stream_position > v_from
        order by e.stream_position;
    end
    $$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function read_stream(text, boolean, text)`.execute(db)
}

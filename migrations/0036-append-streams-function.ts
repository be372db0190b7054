import { sql, type Kysely } from 'kysely'

/**
 * A decision on several streams written in one statement, its own transaction (decision 0071):
 * first the share lock on each owner's stream row and the check that the owner was not erased
 * (as `owner_erased`), then, stream by stream in the order given, the stream's lock, the move of
 * its version from the one the decision read, and finally the insert of every event. A stream that
 * moved since it was read, or an owner erased since, raises 'IH409' naming the stream (in DETAIL),
 * so nothing of the statement stays. Each query of a volatile PL/pgSQL function takes a fresh
 * snapshot, so the checks after a lock see what the holder committed. Streams the decision found
 * empty are expected at version 0 and created here; an existing one then refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function append_streams(
      p_owner_streams text[],
      p_stream_ids text[], p_stream_types text[], p_expected bigint[], p_counts integer[],
      p_event_streams text[], p_positions bigint[], p_types text[], p_schema_versions integer[],
      p_event_ids uuid[], p_user_ids text[], p_data jsonb[], p_metadata jsonb[], p_created_at timestamptz
    )
    returns bigint[]
    language plpgsql volatile
    as $$
    declare
      v_version bigint;
      v_positions bigint[];
    begin
      for i in 1 .. coalesce(array_length(p_owner_streams, 1), 0) loop
        perform 1 from streams s where s.stream_id = p_owner_streams[i] for share;
        if exists (select 1 from events e where e.stream_id = p_owner_streams[i] and e.type = 'UserErased') then
          raise exception 'the owner of stream % was erased', p_owner_streams[i]
            using errcode = 'IH409', detail = p_owner_streams[i];
        end if;
      end loop;
      for i in 1 .. coalesce(array_length(p_stream_ids, 1), 0) loop
        perform pg_advisory_xact_lock(hashtext('event-stream'), hashtext(p_stream_ids[i]));
        if p_expected[i] = 0 then
          insert into streams (stream_id, stream_type, version, updated_at)
            values (p_stream_ids[i], p_stream_types[i], p_counts[i], p_created_at)
            on conflict (stream_id) do nothing
            returning version into v_version;
        else
          update streams s set version = s.version + p_counts[i], updated_at = p_created_at
            where s.stream_id = p_stream_ids[i] and s.version = p_expected[i]
            returning s.version into v_version;
        end if;
        if v_version is null then
          raise exception 'stream % moved since it was read at version %', p_stream_ids[i], p_expected[i]
            using errcode = 'IH409', detail = p_stream_ids[i];
        end if;
        v_version := null;
      end loop;
      with inserted as (
        insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
        select a.stream_id, a.stream_position, a.type, a.schema_version, a.event_id, a.user_id, a.data, a.metadata, p_created_at
        from unnest(p_event_streams, p_positions, p_types, p_schema_versions, p_event_ids, p_user_ids, p_data, p_metadata)
          with ordinality as a(stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, ordinality)
        order by a.ordinality
        returning events.event_id, events.global_position
      )
      select array_agg(inserted.global_position order by a.ordinality) into v_positions
        from inserted join unnest(p_event_ids) with ordinality as a(event_id, ordinality) on a.event_id = inserted.event_id;
      return v_positions;
    end
    $$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function append_streams(text[], text[], text[], bigint[], integer[], text[], bigint[], text[], integer[], uuid[], text[], jsonb[], jsonb[], timestamptz)`.execute(
    db,
  )
}

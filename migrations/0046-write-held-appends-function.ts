import { sql, type Kysely } from 'kysely'

/**
 * The write of a unit of work (decisions 0114, 0117, 0134): the statement `writeHeld` sent, moved
 * into a function so its plan is made once per connection instead of on every call (PGlite plans
 * every statement afresh). Given the streams the unit moves and the events it appends, in the
 * order appended, it takes the locks the unit had not taken, checks and moves each stream's
 * version by its mode (`new` inserted, refused when it exists; `any` inserted or moved; `at`
 * matched against the expected version; `exists`), and inserts every event numbered from its
 * stream's version. It answers a row per stream moved (its new version), a row per event written
 * (its position), and a row counting the locks taken, which reads every input row so every lock
 * is taken. A stream missing from the answer was refused; the caller then rolls the unit back.
 * Every mode's check is in it: with the plan kept, a check no row uses costs next to nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function write_held_appends(
      p_stream_ids text[], p_stream_types text[], p_modes text[], p_expected bigint[], p_counts bigint[],
      p_updated_at timestamptz[], p_locks boolean[],
      p_event_streams text[], p_offsets bigint[], p_types text[], p_schema_versions integer[],
      p_event_ids uuid[], p_user_ids text[], p_data jsonb[], p_metadata jsonb[], p_created_at timestamptz[]
    )
    returns table (stream_id text, version bigint, global_position bigint)
    language plpgsql volatile
    as $$
    #variable_conflict use_column
    begin
      return query
      with input as materialized (
        select s.stream_id, s.stream_type, s.mode, s.expected, s.count, s.updated_at,
          case when s.lock then pg_advisory_xact_lock(hashtext('event-stream'), hashtext(s.stream_id))::text end as locked
        from unnest(p_stream_ids, p_stream_types, p_modes, p_expected, p_counts, p_updated_at, p_locks)
          as s(stream_id, stream_type, mode, expected, count, updated_at, lock)
      ),
      created as (
        insert into streams (stream_id, stream_type, version, updated_at)
        select i.stream_id, i.stream_type, i.count, i.updated_at from input i where i.mode = 'new'
        on conflict (stream_id) do nothing
        returning streams.stream_id, streams.version
      ),
      upserted as (
        insert into streams (stream_id, stream_type, version, updated_at)
        select i.stream_id, i.stream_type, i.count, i.updated_at from input i where i.mode = 'any'
        on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = excluded.updated_at
        returning streams.stream_id, streams.version
      ),
      moved as (
        update streams set version = streams.version + i.count, updated_at = i.updated_at
        from input i where streams.stream_id = i.stream_id
          and (i.mode = 'exists' or (i.mode = 'at' and streams.version = i.expected))
        returning streams.stream_id, streams.version
      ),
      bumped as (
        select c.stream_id, c.version from created c
        union all select u.stream_id, u.version from upserted u
        union all select m.stream_id, m.version from moved m
      ),
      inserted as (
        insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
        select e.stream_id, b.version - i.count + e.stream_offset, e.type, e.schema_version, e.event_id,
          e.user_id, e.data, e.metadata, e.created_at
        from unnest(p_event_streams, p_offsets, p_types, p_schema_versions, p_event_ids, p_user_ids, p_data,
          p_metadata, p_created_at)
          with ordinality as e(stream_id, stream_offset, type, schema_version, event_id, user_id, data, metadata,
            created_at, ordinality)
        join bumped b on b.stream_id = e.stream_id
        join input i on i.stream_id = e.stream_id
        order by e.ordinality
        returning events.global_position
      )
      select b.stream_id, b.version, null::bigint from bumped b
      union all select null::text, null::bigint, n.global_position from inserted n
      union all select null::text, count(i.locked), null::bigint from input i;
    end
    $$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function write_held_appends(text[], text[], text[], bigint[], bigint[], timestamptz[], boolean[], text[], bigint[], text[], integer[], uuid[], text[], jsonb[], jsonb[], timestamptz[])`.execute(
    db,
  )
}

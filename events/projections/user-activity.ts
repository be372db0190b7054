import { sql } from 'kysely'
import { supportAuditEventTypes } from '#events/support/support-audit.ts'
import { logRangeSql, rangeApplied, rangeEndSql, wantedCountSql, type RangeEndRow } from './log-range.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'

export type UserActivityTable = {
  user_id: string
  event_count: number
  first_event_at: Date
  last_event_at: Date
  last_event_type: string
}

/** The person whose activity an event is: none for staff reading a history, which is not the person being active. */
function activeUser(event: { type: string; metadata: { userId?: string | undefined } }): string | undefined {
  return supportAuditEventTypes.includes(event.type) ? undefined : event.metadata.userId
}

/** How much each person has done and when they were last seen: the support staff's first look. */
export const userActivityProjection: Projection = {
  name: 'user_activity',
  // 3: the batch path counted staff readings as activity while the event-by-event path did not.
  // 4: a batch whose transaction ids gained a digit (999 to 1000) was checkpointed inside itself and
  // its last events counted twice; rebuilding repairs such rows.
  version: 4,
  eventTypes: 'all',
  apply: async (trx, event) => {
    const userId = activeUser(event)
    if (!userId) return
    await trx
      .insertInto('user_activity')
      .values({
        user_id: userId,
        event_count: 1,
        first_event_at: event.createdAt,
        last_event_at: event.createdAt,
        last_event_type: event.type,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({
          event_count: sql<number>`user_activity.event_count + 1`,
          last_event_at: event.createdAt,
          last_event_type: event.type,
        }),
      )
      .execute()
  },
  applyRange: async (trx, range) => {
    // One sort of the range, per person in log order (as bytes: grouping needs only equality), walked
    // once: each person's last event carries their count and first time. Ordered aggregates sorted
    // each person's events once per aggregate. Staff readings and events without a person form parts
    // of their own, which count towards the range's size but write no row.
    const { rows } = await sql<RangeEndRow>`
      with range_parts as materialized (
        select user_id, active, events, wanted, first_event_at, created_at, type, transaction_id, global_position
        from (
          select user_id, active, created_at, type, transaction_id, global_position,
            count(*) over part as events,
            ${wantedCountSql(range)} over part as wanted,
            first_value(created_at) over part as first_event_at,
            lead(false, 1, true) over part as last_of_part
          from (${logRangeSql(
            range,
            sql`user_id collate "C" as user_id, type, created_at,
              user_id is not null and type <> all(${[...supportAuditEventTypes]}::text[]) as active`,
          )}) as range
          window part as (partition by user_id, active order by transaction_id, global_position rows unbounded preceding)
        ) as walked
        where last_of_part
      ),
      upserted as (
        insert into user_activity (user_id, event_count, first_event_at, last_event_at, last_event_type)
        select user_id, events, first_event_at, created_at, type from range_parts where active
        on conflict (user_id) do update set
          event_count = user_activity.event_count + excluded.event_count,
          last_event_at = excluded.last_event_at,
          last_event_type = excluded.last_event_type
      )
      ${rangeEndSql()}`.execute(trx)
    return rangeApplied(rows[0])
  },
  ...ownedTables({ table: 'user_activity', key: 'user_id' }),
}

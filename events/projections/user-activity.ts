import { sql } from 'kysely'
import { supportAuditEventTypes } from '#events/support/support-audit.ts'
import { logRangeSql, rangeApplied, rangeEndSql } from './log-range.ts'
import type { Projection } from './projection.ts'

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
  version: 3,
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
    // Per person, in log order: how many events, the first one's time (kept only for a new row), the last one's.
    const { rows } = await sql<NonNullable<Parameters<typeof rangeApplied>[0]>>`
      with range as materialized (${logRangeSql(range, sql`user_id, type, created_at`)}),
      upserted as (
        insert into user_activity (user_id, event_count, first_event_at, last_event_at, last_event_type)
        select user_id, count(*),
          (array_agg(created_at order by transaction_id, global_position))[1],
          (array_agg(created_at order by transaction_id desc, global_position desc))[1],
          (array_agg(type order by transaction_id desc, global_position desc))[1]
        from range
        where user_id is not null and type <> all(${[...supportAuditEventTypes]}::text[])
        group by user_id
        on conflict (user_id) do update set
          event_count = user_activity.event_count + excluded.event_count,
          last_event_at = excluded.last_event_at,
          last_event_type = excluded.last_event_type
      )
      ${rangeEndSql(range)}`.execute(trx)
    return rangeApplied(rows[0])
  },
  truncate: async (trx) => {
    await sql`truncate table user_activity`.execute(trx)
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('user_activity').where('user_id', '=', userId).execute()
  },
}

import { sql } from 'kysely'
import { supportAuditEventTypes } from '#events/support/support-audit.ts'
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
  applyBatch: async (trx, events) => {
    // Per person: how many events, the first one's time (kept only for a new row), the last one's.
    const people = new Map<string, { count: number; first: Date; last: Date; lastType: string }>()
    for (const event of events) {
      const userId = activeUser(event)
      if (!userId) continue
      const seen = people.get(userId)
      if (seen) {
        seen.count += 1
        seen.last = event.createdAt
        seen.lastType = event.type
      } else people.set(userId, { count: 1, first: event.createdAt, last: event.createdAt, lastType: event.type })
    }
    if (people.size === 0) return
    const rows = [...people.entries()]
    await sql`insert into user_activity (user_id, event_count, first_event_at, last_event_at, last_event_type)
      select * from unnest(
        ${rows.map(([userId]) => userId)}::text[],
        ${rows.map(([, row]) => row.count)}::integer[],
        ${rows.map(([, row]) => row.first.toISOString())}::timestamptz[],
        ${rows.map(([, row]) => row.last.toISOString())}::timestamptz[],
        ${rows.map(([, row]) => row.lastType)}::text[])
      on conflict (user_id) do update set
        event_count = user_activity.event_count + excluded.event_count,
        last_event_at = excluded.last_event_at,
        last_event_type = excluded.last_event_type`.execute(trx)
  },
  truncate: async (trx) => {
    await trx.deleteFrom('user_activity').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('user_activity').where('user_id', '=', userId).execute()
  },
}

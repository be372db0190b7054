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

/** How much each person has done and when they were last seen: the support staff's first look. */
export const userActivityProjection: Projection = {
  name: 'user_activity',
  version: 2,
  eventTypes: 'all',
  apply: async (trx, event) => {
    const userId = event.metadata.userId
    // Staff reading a history is not the person being active.
    if (!userId || supportAuditEventTypes.includes(event.type)) return
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
  truncate: async (trx) => {
    await trx.deleteFrom('user_activity').execute()
  },
  forgetUser: async (trx, userId) => {
    await trx.deleteFrom('user_activity').where('user_id', '=', userId).execute()
  },
}

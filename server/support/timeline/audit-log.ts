import type { Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { supportAuditEventTypes, supportFieldRevealed, supportHistoryOpened } from '#events/support/support-audit.ts'

/** Support staff's readings of personal histories, newest first, for everyone or one person. */
export async function supportAuditLog(
  db: Kysely<EventsDatabase>,
  request: { userId?: string | undefined; before?: number | undefined; limit: number },
) {
  let query = db
    .selectFrom('events')
    .select(['event_id', 'global_position', 'type', 'data', 'metadata', 'created_at', 'user_id'])
    .where('type', 'in', [...supportAuditEventTypes])
  if (request.userId) query = query.where('user_id', '=', request.userId)
  if (request.before !== undefined) query = query.where('global_position', '<', request.before)
  const rows = await query
    .orderBy('global_position', 'desc')
    .limit(request.limit + 1)
    .execute()
  const more = rows.length > request.limit
  const shown = more ? rows.slice(0, request.limit) : rows
  const staffIds = [...new Set(shown.flatMap((row) => row.metadata.actor.id ?? []))]
  const staff =
    staffIds.length === 0
      ? []
      : await db.selectFrom('users_view').select(['user_id', 'email']).where('user_id', 'in', staffIds).execute()
  const emailOf = new Map(staff.map((row) => [row.user_id, row.email]))
  const entries = shown.map((row) => {
    const staffId = row.metadata.actor.id ?? null
    const revealed = row.type === supportFieldRevealed.type ? supportFieldRevealed.schema.parse(row.data) : null
    const opened = revealed ? null : supportHistoryOpened.schema.parse(row.data)
    return {
      eventId: row.event_id,
      position: row.global_position,
      at: new Date(row.created_at).toISOString(),
      action: revealed ? ('revealed' as const) : ('opened' as const),
      staffId,
      staffEmail: (staffId && emailOf.get(staffId)) ?? null,
      userId: row.user_id ?? '',
      via: revealed?.via ?? opened?.via ?? 'web',
      field: revealed ? { eventId: revealed.eventId, eventType: revealed.eventType, field: revealed.field } : null,
      reason: revealed?.reason ?? null,
    }
  })
  return { entries, nextBefore: more ? (entries.at(-1)?.position ?? null) : null }
}

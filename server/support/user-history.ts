import { keyFor } from '#events/pii/pii-vault.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { maskData, maskFoundPerson } from './timeline/masking.ts'
import { recordHistoryOpened } from './timeline/record-opening.ts'
import type { SupportStaff } from './timeline/support-staff.ts'

/**
 * A person's whole history, in the order it happened, personal data masked: reading a value
 * takes a reason and leaves a record (the timeline's reveal, server/support/timeline/). The opening
 * itself is recorded as the staff member's reading, as the timeline's is.
 */
export async function userHistory(runtime: Runtime, staff: SupportStaff, userId: string) {
  await recordHistoryOpened(runtime, staff, userId)
  const events = await runtime.store.readByUser(userId)
  const key = await keyFor(runtime.db, userId)
  return {
    userId,
    erased: !key && events.length > 0,
    events: events.map((event) => ({
      eventId: event.eventId,
      type: event.type,
      streamId: event.streamId,
      streamPosition: event.streamPosition,
      globalPosition: event.globalPosition,
      schemaVersion: event.schemaVersion,
      createdAt: event.createdAt.toISOString(),
      actor: event.metadata.actor,
      requestId: event.metadata.requestId ?? null,
      data: maskData(event.data).data,
    })),
  }
}

/** People by e-mail (or id), erased ones included, for support's search; personal data masked as in the timeline. */
export async function findUsers(runtime: Runtime, query: string) {
  await viewsFresh(runtime)
  const text = query.trim().toLowerCase()
  const rows = await runtime.db
    .selectFrom('users_view')
    .selectAll()
    .where((eb) => eb.or([eb('email', 'like', `%${text.replace(/[%_\\]/g, '\\$&')}%`), eb('user_id', '=', text)]))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
  return rows.map((row) => ({
    userId: row.user_id,
    ...maskFoundPerson(
      {
        email: row.email,
        name: row.first_name || row.last_name ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null,
      },
      text,
    ),
    status: row.status,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    erasedAt: row.erased_at ? new Date(row.erased_at).toISOString() : null,
  }))
}

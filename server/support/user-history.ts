import { erasedText, keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { viewsFresh } from '#server/views-fresh.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Replaces every sealed value with its text, or [erased] once the person's key is gone. */
function opened(value: unknown, open: (sealed: string) => string): Json {
  if (typeof value === 'string') return value.startsWith('pii:v1:') ? open(value) : value
  if (Array.isArray(value)) return value.map((item) => opened(item, open))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, opened(item, open)]))
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value
  return null
}

/** A person's whole history, in the order it happened, as support staff read it. */
export async function userHistory(runtime: Runtime, userId: string) {
  const events = await runtime.store.readByUser(userId)
  const key = await keyFor(runtime.db, userId)
  const open = (sealed: string) => {
    try {
      return unseal(key, userId, sealed) ?? erasedText
    } catch {
      return '[unreadable]'
    }
  }
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
      data: opened(event.data, open),
    })),
  }
}

/** People by e-mail (or id), erased ones included, for support's search. */
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
    email: row.email,
    name: row.first_name || row.last_name ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null,
    status: row.status,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    erasedAt: row.erased_at ? new Date(row.erased_at).toISOString() : null,
  }))
}

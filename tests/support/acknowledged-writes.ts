import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Acknowledged } from '#scripts/soak/mixed-load.ts'
import type { Database } from '#server/db/schema.ts'
import { settled } from './settled-views.ts'

/**
 * Every write the server answered 2xx is in the database: each signed-up person's registration,
 * each verified order paid, each started session, each answered question (one row per answer).
 * Orders and sessions are read from their views, so first the views catch up with the log: a
 * question answered just before the load stopped may not be projected yet.
 */
export async function expectAcknowledgedStored(
  db: Kysely<Database>,
  acknowledged: Acknowledged,
  logs: () => string,
): Promise<void> {
  await settled(db, logs)
  const distinct = (ids: string[]) => [...new Set(ids)].toSorted()
  const registered = await db
    .selectFrom('events')
    .select('user_id')
    .distinct()
    .where('type', '=', 'UserRegistered')
    .where('user_id', 'in', ['', ...acknowledged.users])
    .execute()
  expect(distinct(registered.flatMap((row) => (row.user_id ? [row.user_id] : [])))).toEqual(
    distinct(acknowledged.users),
  )
  const paid = await db
    .selectFrom('orders_view')
    .select('order_id')
    .where('status', '=', 'paid')
    .where('order_id', 'in', ['', ...acknowledged.orders])
    .execute()
  expect(distinct(paid.map((row) => row.order_id))).toEqual(distinct(acknowledged.orders))
  const sessions = await db
    .selectFrom('interview_sessions_view')
    .select(['session_id', 'questions_asked'])
    .where('session_id', 'in', ['', ...acknowledged.sessions])
    .execute()
  expect(distinct(sessions.map((row) => row.session_id))).toEqual(distinct(acknowledged.sessions))
  const askedPerSession = new Map<string, number>()
  for (const session of acknowledged.questions) askedPerSession.set(session, (askedPerSession.get(session) ?? 0) + 1)
  for (const row of sessions) expect(row.questions_asked).toBe(askedPerSession.get(row.session_id) ?? 0)
}

import type { Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import type { UserRole } from './access-tokens.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * A sign-in session: one refresh-token family, with the role its access tokens must name. Every
 * authenticated request reads its row by primary key, so whatever ends a session (logout, signing
 * out everywhere, a password change, deletion) or changes the role refuses its access tokens on
 * the next request instead of when they expire.
 */
export type LiveSession = { userId: string; role: UserRole }

export async function startSession(
  executor: Executor,
  session: { id: string; userId: string; role: UserRole },
  clock: Clock,
) {
  await executor
    .insertInto('auth_sessions')
    .values({ id: session.id, user_id: session.userId, role: session.role, started_at: clock.now(), ended_at: null })
    .execute()
}

/** The session, unless it ended (or never was). */
export async function liveSession(executor: Executor, id: string): Promise<LiveSession | undefined> {
  const row = await executor
    .selectFrom('auth_sessions')
    .select(['user_id', 'role'])
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return row ? { userId: row.user_id, role: row.role } : undefined
}

export async function endSession(executor: Executor, id: string, clock: Clock) {
  await executor
    .updateTable('auth_sessions')
    .set({ ended_at: clock.now() })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute()
}

/** Ends every session of the person, or every one but `exceptId`. */
export async function endSessionsOf(executor: Executor, userId: string, clock: Clock, exceptId?: string) {
  let query = executor
    .updateTable('auth_sessions')
    .set({ ended_at: clock.now() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
  if (exceptId) query = query.where('id', '!=', exceptId)
  await query.execute()
}

/** The person's live sessions take the new role: tokens naming the old one are refused from now on. */
export async function changeSessionRoles(executor: Executor, userId: string, role: UserRole) {
  await executor
    .updateTable('auth_sessions')
    .set({ role })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute()
}

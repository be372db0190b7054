import type { Kysely } from 'kysely'
import { DomainError } from '#events/domain-error.ts'
import type { EventsDatabase } from '#events/database.ts'
import { userStreamId } from '#events/users/user.ts'

/**
 * The person support asks about: they must have an account stream. Erased people stay findable,
 * marked erased, their key gone and their non-personal history intact.
 */
export async function supportedPerson(db: Kysely<EventsDatabase>, userId: string) {
  const stream = await db
    .selectFrom('streams')
    .select('stream_id')
    .where('stream_id', '=', userStreamId(userId))
    .executeTakeFirst()
  if (!stream) throw new DomainError('not-found', `There is no person ${userId}`)
  const key = await db.selectFrom('user_data_keys').select('erased_at').where('user_id', '=', userId).executeTakeFirst()
  return { userId, erasedAt: key?.erased_at ? new Date(key.erased_at).toISOString() : null }
}

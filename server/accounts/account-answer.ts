import type { Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { readSubscription } from '#server/subscriptions/read-subscription.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { toUserDto } from './account-dto.ts'
import type { UserProfile } from './user-account.ts'

/**
 * The `{ user, subscription, features }` answer of register, login and validate. A write makes it
 * inside its transaction (`db` the transaction's, views made fresh before it began): once the
 * commit is confirmed, nothing is left to read that could turn the stored change into a 503.
 */
export async function accountOf(
  runtime: Runtime,
  db: Kysely<Database>,
  profile: UserProfile,
  { waitForViews = true }: { waitForViews?: boolean } = {},
) {
  return {
    user: toUserDto(profile),
    ...(await readSubscription(
      db,
      runtime.clock,
      profile.userId,
      waitForViews ? () => viewsFresh(runtime) : undefined,
    )),
  }
}

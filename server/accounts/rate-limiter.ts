import { sql, type Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'

export type RateLimit = { name: string; limit: number; windowMs: number; message: string }

/** Abuse limits, per client address and per e-mail address; fixed windows kept in the database. */
export const accountLimits = {
  // Failed attempts only: a person signing in on many devices is not an attack.
  signInPerEmail: {
    name: 'sign-in:email',
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many sign-in attempts for this account. Please wait 15 minutes and try again.',
  },
  signInPerAddress: {
    name: 'sign-in:ip',
    limit: 50,
    windowMs: 15 * 60_000,
    message: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  },
  signUpPerAddress: {
    name: 'sign-up:ip',
    limit: 10,
    windowMs: 60 * 60_000,
    message: 'Too many sign-ups from your network. Please wait an hour and try again.',
  },
  resetPerEmail: {
    name: 'reset:email',
    limit: 3,
    windowMs: 60 * 60_000,
    message: 'Too many reset requests for this address. Please wait an hour and try again.',
  },
  resetPerAddress: {
    name: 'reset:ip',
    limit: 20,
    windowMs: 60 * 60_000,
    message: 'Too many reset requests from your network. Please wait an hour and try again.',
  },
} satisfies Record<string, RateLimit>

function windowOf(clock: Clock, limit: RateLimit, key: string) {
  const now = clock.now().getTime()
  return { bucket: `${limit.name}:${key}`, windowStart: new Date(now - (now % limit.windowMs)) }
}

/** Throws a `rate-limited` DomainError when the window is already full, without counting. */
export async function assertUnderRateLimit(
  db: Kysely<Database>,
  clock: Clock,
  limit: RateLimit,
  key: string,
): Promise<void> {
  const { bucket, windowStart } = windowOf(clock, limit, key)
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .executeTakeFirst()
  if (row && row.hits >= limit.limit) throw new DomainError('rate-limited', limit.message)
}

/** Counts one attempt and throws a `rate-limited` DomainError when the window is full. */
export async function takeRateLimit(db: Kysely<Database>, clock: Clock, limit: RateLimit, key: string): Promise<void> {
  const { bucket, windowStart } = windowOf(clock, limit, key)
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  if (row.hits > limit.limit) throw new DomainError('rate-limited', limit.message)
}

/** Old windows are worthless; dropping them keeps the table small. */
export async function pruneRateLimits(db: Kysely<Database>, clock: Clock, olderThanMs = 24 * 60 * 60_000) {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(clock.now().getTime() - olderThanMs))
    .execute()
}

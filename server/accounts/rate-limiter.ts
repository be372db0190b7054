import { createHmac } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { AppConfig } from '#app.config.ts'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'
import { jwtSecretKey } from './tokens/jwt-secret.ts'

export type RateLimit = { name: string; limit: number; windowMs: number; message: string }

/** What counting needs: the table, the time, and the server secret the keys are hashed with. */
export type RateLimitStore = {
  db: Kysely<Database>
  clock: Clock
  config: { auth: Pick<AppConfig['auth'], 'jwtSecret'>; database: Pick<AppConfig['database'], 'dataDir'> }
}

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

/**
 * The bucket of a key: the limit's name and a keyed hash of the e-mail or address it counts, so
 * the table (kept outside the erasable event store) holds no personal data, while the same key
 * still lands in the same bucket on every replica that shares the secret.
 */
export async function rateLimitBucket(store: RateLimitStore, limit: RateLimit, key: string): Promise<string> {
  const secret = createHmac('sha256', await jwtSecretKey(store.config))
    .update('rate-limit-keys')
    .digest()
  return `${limit.name}:${createHmac('sha256', secret).update(`${limit.name}\n${key}`).digest('base64url')}`
}

async function windowOf(store: RateLimitStore, limit: RateLimit, key: string) {
  const now = store.clock.now().getTime()
  return { bucket: await rateLimitBucket(store, limit, key), windowStart: new Date(now - (now % limit.windowMs)) }
}

/** Throws a `rate-limited` DomainError when the window is already full, without counting. */
export async function assertUnderRateLimit(store: RateLimitStore, limit: RateLimit, key: string): Promise<void> {
  const { bucket, windowStart } = await windowOf(store, limit, key)
  const row = await store.db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .executeTakeFirst()
  if (row && row.hits >= limit.limit) throw new DomainError('rate-limited', limit.message)
}

/** Counts one attempt and throws a `rate-limited` DomainError when the window is full. */
export async function takeRateLimit(store: RateLimitStore, limit: RateLimit, key: string): Promise<void> {
  const { bucket, windowStart } = await windowOf(store, limit, key)
  const row = await store.db
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

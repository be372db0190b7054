import { createHmac } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { AppConfig } from '#app.config.ts'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'
import { noteRateLimit } from '#server/request-context.ts'
import type { RateLimitState } from './rate-limit-state.ts'
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
  // Sign-in (docs/decisions/0025-error-codes-and-limits.md): failures are counted per address and
  // account together, so a stranger's wrong passwords limit the stranger, not the owner.
  signInPerAddressAndAccount: {
    name: 'sign-in:ip+email',
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many failed sign-ins for this account from your network. Please wait 15 minutes and try again.',
  },
  // A ceiling against guessing from many addresses; an address the account signed in from lately is exempt.
  signInPerAccount: {
    name: 'sign-in:email',
    limit: 100,
    windowMs: 15 * 60_000,
    message:
      'Too many failed sign-ins for this account. Please wait 15 minutes, or sign in from a device you used recently.',
  },
  signInPerAddress: {
    name: 'sign-in:ip',
    limit: 50,
    windowMs: 15 * 60_000,
    message: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  },
  // A signed-in person's current password (changing it, deleting the account): the token proves
  // the session, not the password, so wrong ones are counted per account from any address.
  currentPasswordPerAccount: {
    name: 'current-password:account',
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  },
  // The second step of a sign-in (decision 0092), counted like the first: wrong codes per address
  // and account, and a ceiling per account that an address the account signed in from lately does not feel.
  secondStepPerAddressAndAccount: {
    name: 'second-step:ip+email',
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many wrong codes for this account from your network. Please wait 15 minutes and try again.',
  },
  secondStepPerAccount: {
    name: 'second-step:email',
    limit: 100,
    windowMs: 15 * 60_000,
    message:
      'Too many wrong codes for this account. Please wait 15 minutes, or sign in from a device you used recently.',
  },
  // A signed-in person's codes (confirming a new authenticator, removing the last one), like their current password.
  currentCodePerAccount: {
    name: 'current-code:account',
    limit: 10,
    windowMs: 15 * 60_000,
    message: 'Too many wrong codes. Please wait 15 minutes and try again.',
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
 * Not a limit: successful sign-ins per address and account, in 12-hour windows. A hit in this
 * window or the one before marks the address as one the account used lately.
 */
export const recentSignIns: RateLimit = {
  name: 'sign-in:known',
  limit: Number.MAX_SAFE_INTEGER,
  windowMs: 12 * 60 * 60_000,
  message: 'Not a limit',
}

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

/**
 * A `rate-limited` refusal that also tells which limit and when its window ends, for the
 * `Retry-After` and `RateLimit` headers. Its name stays DomainError: every transport maps it as one.
 */
class RateLimitedError extends DomainError {
  readonly rateLimit: RateLimitState
  constructor(limit: RateLimit, resetSeconds: number) {
    super('rate-limited', limit.message)
    this.rateLimit = stateOf(limit, 0, resetSeconds)
  }
}

const stateOf = (limit: RateLimit, remaining: number, resetSeconds: number): RateLimitState => ({
  policy: limit.name,
  quota: limit.limit,
  windowSeconds: Math.round(limit.windowMs / 1000),
  remaining: Math.max(0, remaining),
  resetSeconds,
})

async function windowOf(store: RateLimitStore, limit: RateLimit, key: string) {
  const now = store.clock.now().getTime()
  const windowStart = now - (now % limit.windowMs)
  return {
    bucket: await rateLimitBucket(store, limit, key),
    windowStart: new Date(windowStart),
    resetSeconds: Math.ceil((windowStart + limit.windowMs - now) / 1000),
  }
}

/** Throws a `rate-limited` DomainError when the window is already full, without counting. */
export async function assertUnderRateLimit(store: RateLimitStore, limit: RateLimit, key: string): Promise<void> {
  const { bucket, windowStart, resetSeconds } = await windowOf(store, limit, key)
  const row = await store.db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .executeTakeFirst()
  const hits = row?.hits ?? 0
  if (hits >= limit.limit) throw new RateLimitedError(limit, resetSeconds)
  noteRateLimit(stateOf(limit, limit.limit - hits, resetSeconds))
}

/** Counts one attempt and throws a `rate-limited` DomainError when the window is full. */
export async function takeRateLimit(store: RateLimitStore, limit: RateLimit, key: string): Promise<void> {
  const { hits, resetSeconds } = await countHit(store, limit, key)
  if (hits > limit.limit) throw new RateLimitedError(limit, resetSeconds)
  noteRateLimit(stateOf(limit, limit.limit - hits, resetSeconds))
}

/** Counts one attempt, whatever the count; the caller decides what it means. */
export async function countHit(store: RateLimitStore, limit: RateLimit, key: string) {
  const { bucket, windowStart, resetSeconds } = await windowOf(store, limit, key)
  const row = await store.db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  return { hits: row.hits, resetSeconds }
}

/**
 * A cooldown: one per `windowMs` per key, counted from the last one taken rather than in fixed
 * windows, so two never come closer together than that. Answers whether this one may go ahead,
 * and takes it if so; otherwise, in how many seconds the next one may.
 */
export async function tryCooldown(
  store: RateLimitStore,
  cooldown: RateLimit,
  key: string,
): Promise<{ ready: true } | { ready: false; resetSeconds: number }> {
  const now = store.clock.now().getTime()
  const bucket = await rateLimitBucket(store, cooldown, key)
  const last = await store.db
    .selectFrom('rate_limits')
    .select('window_start')
    .where('bucket', '=', bucket)
    .where('window_start', '>', new Date(now - cooldown.windowMs))
    .orderBy('window_start', 'desc')
    .executeTakeFirst()
  if (last)
    return {
      ready: false,
      resetSeconds: Math.ceil((new Date(last.window_start).getTime() + cooldown.windowMs - now) / 1000),
    }
  await store.db
    .insertInto('rate_limits')
    .values({ bucket, window_start: new Date(now), hits: 1 })
    .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doNothing())
    .execute()
  return { ready: true }
}

/** The cooldown taken, or a `rate-limited` refusal saying when the next one may go. */
export async function takeCooldown(store: RateLimitStore, cooldown: RateLimit, key: string): Promise<void> {
  const taken = await tryCooldown(store, cooldown, key)
  if (!taken.ready) throw new RateLimitedError(cooldown, taken.resetSeconds)
  noteRateLimit(stateOf(cooldown, 0, Math.round(cooldown.windowMs / 1000)))
}

/** Whether the key was counted in this window or the one before; at 12 hours, both outlive the daily pruning. */
export async function hitRecently(store: RateLimitStore, limit: RateLimit, key: string): Promise<boolean> {
  const { bucket, windowStart } = await windowOf(store, limit, key)
  const row = await store.db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', 'in', [windowStart, new Date(windowStart.getTime() - limit.windowMs)])
    .executeTakeFirst()
  return row !== undefined
}

/** Old windows are worthless; dropping them keeps the table small. */
export async function pruneRateLimits(db: Kysely<Database>, clock: Clock, olderThanMs = 24 * 60 * 60_000) {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(clock.now().getTime() - olderThanMs))
    .execute()
}

import type { Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import { ensureKeyFor, keyFor, seal, unseal } from '#events/pii/pii-vault.ts'
import type { Database } from '#server/db/schema.ts'

/** How long a key's first answer is kept and replayed (decision 0027). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000

/**
 * A claim still 'running' that its request has not said it is alive for this long belongs to a
 * request that died with its instance: a repeat takes it over. A live request says so every
 * `claimHeartbeatMs`, however long it runs; the margin covers a busy event loop and clock skew
 * between replicas.
 */
export const abandonedClaimMs = 30_000
export const claimHeartbeatMs = 5_000

export type StoredAnswer = { status: number; contentType: string | null; body: string }

export type Claim =
  { kind: 'claimed' } | { kind: 'other-request' } | { kind: 'running' } | { kind: 'done'; answer: StoredAnswer }

type KeyOf = { userId: string; key: string }

/** Takes the key for this request, or says what already holds it. */
export async function claimKey(
  db: Kysely<Database>,
  id: KeyOf & { fingerprint: string },
  clock: Clock,
): Promise<Claim> {
  const now = clock.now()
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: id.userId,
      key: id.key,
      fingerprint: id.fingerprint,
      status: 'running',
      response_status: null,
      response_content_type: null,
      response_body: null,
      created_at: now,
      alive_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'key'])
        .doUpdateSet({ fingerprint: id.fingerprint, created_at: now, alive_at: now })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', new Date(now.getTime() - idempotencyKeyLifetimeMs)),
            eb.and([
              eb('idempotency_keys.status', '=', 'running'),
              eb(
                eb.fn.coalesce('idempotency_keys.alive_at', 'idempotency_keys.created_at'),
                '<',
                new Date(now.getTime() - abandonedClaimMs),
              ),
            ]),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst()
  if (claimed) return { kind: 'claimed' }
  const held = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .executeTakeFirst()
  // Released between the insert and this read: the caller tries again.
  if (!held) return claimKey(db, id, clock)
  if (held.fingerprint !== id.fingerprint) return { kind: 'other-request' }
  if (held.status === 'running' || held.response_status === null || held.response_body === null)
    return { kind: 'running' }
  const body = unseal(await keyFor(db, id.userId), id.userId, held.response_body)
  // The person was erased: nothing of theirs is answered again.
  if (body === undefined) return { kind: 'other-request' }
  return { kind: 'done', answer: { status: held.response_status, contentType: held.response_content_type, body } }
}

/** Says the request holding the claim is still running, so no repeat takes it over. */
export async function keepClaimAlive(db: Kysely<Database>, id: KeyOf, clock: Clock) {
  await db
    .updateTable('idempotency_keys')
    .set({ alive_at: clock.now() })
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .where('status', '=', 'running')
    .execute()
}

/** Keeps the first answer, sealed, for the repeats. */
export async function completeKey(db: Kysely<Database>, id: KeyOf, answer: StoredAnswer) {
  await db.transaction().execute(async (trx) => {
    const key = await ensureKeyFor(trx, id.userId)
    await trx
      .updateTable('idempotency_keys')
      .set({
        status: 'done',
        response_status: answer.status,
        response_content_type: answer.contentType,
        response_body: seal(key, id.userId, answer.body),
      })
      .where('user_id', '=', id.userId)
      .where('key', '=', id.key)
      .execute()
  })
}

/** Gives the key up: the request failed in a way a repeat should try again. */
export async function releaseKey(db: Kysely<Database>, id: KeyOf) {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', id.userId)
    .where('key', '=', id.key)
    .where('status', '=', 'running')
    .execute()
}

export async function pruneIdempotencyKeys(db: Kysely<Database>, clock: Clock) {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(clock.now().getTime() - idempotencyKeyLifetimeMs))
    .execute()
}

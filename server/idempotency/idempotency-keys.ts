import { sql, type Kysely } from 'kysely'
import type { Clock } from '#events/clock.ts'
import { ensureKeyFor, keyFor, seal, unseal } from '#events/pii/pii-vault.ts'
import type { Database } from '#server/db/schema.ts'
import { pruneSilentInstances, silentInstanceMs } from './live-instances.ts'

/** How long a key's first answer is kept and replayed (decision 0027). */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000

/**
 * A claim still 'running' this long after it was taken belongs to a request that died: a repeat
 * may take it over. Longer than any request runs (an AI answer, an audio upload). A claim whose
 * server stopped or went silent is taken over sooner (`silentInstanceMs`, decision 0103).
 */
export const abandonedClaimMs = 5 * 60_000

export type StoredAnswer = { status: number; contentType: string | null; body: string }

export type Claim =
  /** `takenOver`: the key was held by an earlier try that died (or ran out its lifetime). */
  | { kind: 'claimed'; takenOver: boolean }
  | { kind: 'other-request' }
  | { kind: 'running' }
  | { kind: 'done'; answer: StoredAnswer }

type KeyOf = { userId: string; key: string }

/** Takes the key for this request, run by the server `instanceId`, or says what already holds it. */
export async function claimKey(
  db: Kysely<Database>,
  id: KeyOf & { fingerprint: string; instanceId: string },
  clock: Clock,
): Promise<Claim> {
  const now = clock.now()
  const aliveSince = new Date(now.getTime() - silentInstanceMs)
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
      instance_id: id.instanceId,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'key'])
        .doUpdateSet({ fingerprint: id.fingerprint, created_at: now, instance_id: id.instanceId })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', new Date(now.getTime() - idempotencyKeyLifetimeMs)),
            eb.and([
              eb('idempotency_keys.status', '=', 'running'),
              eb.or([
                eb('idempotency_keys.created_at', '<', new Date(now.getTime() - abandonedClaimMs)),
                // The server running it stopped (its row is gone) or went silent.
                eb.and([
                  eb('idempotency_keys.instance_id', 'is not', null),
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('server_instances')
                        .select('server_instances.id')
                        .whereRef('server_instances.id', '=', 'idempotency_keys.instance_id')
                        .where('server_instances.alive_at', '>=', aliveSince),
                    ),
                  ),
                ]),
              ]),
            ]),
          ]),
        ),
    )
    // A row inserted has no xmax; one updated (the claim taken over) has this transaction's.
    .returning(sql<boolean>`xmax <> 0`.as('taken_over'))
    .executeTakeFirst()
  if (claimed) return { kind: 'claimed', takenOver: claimed.taken_over }
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

/**
 * Whether a try holding this key committed a write: its events carry the key (at most a lifetime
 * old). A try that died between its commit and keeping its answer leaves only this trace.
 */
export async function wroteUnderKey(db: Kysely<Database>, id: KeyOf, clock: Clock): Promise<boolean> {
  const found = await db
    .selectFrom('events')
    .select('global_position')
    .where('user_id', '=', id.userId)
    .where('created_at', '>=', new Date(clock.now().getTime() - idempotencyKeyLifetimeMs))
    .where(sql<string>`metadata->>'idempotencyKey'`, '=', id.key)
    .limit(1)
    .executeTakeFirst()
  return found !== undefined
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
  await pruneSilentInstances(db, clock, idempotencyKeyLifetimeMs)
}

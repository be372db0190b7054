import { createHmac, randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'
import type { UserRole } from './access-tokens.ts'
import { endSession, endSessionsOf, liveSession, startSession } from './auth-sessions.ts'
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts'

type Executor = Kysely<Database> | Transaction<Database>

const refreshTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000

/**
 * How long after an exchange the same refresh token still answers the pair it was exchanged for
 * (decision 0026): long enough for a second window or a retry after a timeout, short enough that a
 * copy replayed later is treated as stolen.
 */
export const refreshReuseGraceMs = 10_000

export const refreshMessages = {
  invalid: 'Your session is no longer valid. Please sign in again.',
  reused: 'This session was ended because its refresh token was used twice. Please sign in again.',
} as const

/**
 * Starts a sign-in session (a token family, with the role its access tokens name) or continues
 * one; answers the opaque token.
 */
export async function issueRefreshToken(
  executor: Executor,
  options: { userId: string; clock: Clock; token?: string } & ({ familyId: string } | { role: UserRole }),
) {
  const { token, hash } =
    options.token === undefined ? newOpaqueToken() : { token: options.token, hash: hashOpaqueToken(options.token) }
  const now = options.clock.now()
  let familyId: string
  if ('familyId' in options) familyId = options.familyId
  else {
    familyId = randomUUID()
    await startSession(executor, { id: familyId, userId: options.userId, role: options.role }, options.clock)
  }
  await executor
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: options.userId,
      family_id: familyId,
      token_hash: hash,
      created_at: now,
      expires_at: new Date(now.getTime() + refreshTokenLifetimeMs),
      rotated_at: null,
      revoked_at: null,
    })
    .execute()
  return { refreshToken: token, familyId }
}

/**
 * The token a refresh token is exchanged for, derived from it with a server key, so a repeat of the
 * same exchange within the grace can answer the same token without storing it; without the key a
 * stolen old token does not reveal its successor.
 */
function successorOf(token: string, key: Uint8Array): string {
  return createHmac('sha256', key).update('refresh-successor\0').update(token).digest('base64url')
}

export type RotatedRefreshToken = {
  userId: string
  role: UserRole
  familyId: string
  refreshToken: string
  /** When the presented token was exchanged: the new access token is issued at this instant, so a repeat gets the same one. */
  rotatedAt: Date
}

/**
 * Exchanges a refresh token for the next one in its family. Presenting the same token again within
 * `refreshReuseGraceMs`, while its successor is still the family's current token, answers that same
 * successor: two windows or a retry racing one exchange both stay signed in. Any other repeat means
 * a copy is in someone else's hands: the whole family is revoked and both holders must sign in again.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  token: string,
  clock: Clock,
  successorKey: Uint8Array,
): Promise<RotatedRefreshToken> {
  const hash = hashOpaqueToken(token)
  const successor = successorOf(token, successorKey)
  const now = clock.now()
  const outcome = await db.transaction().execute(async (trx) => {
    // Two exchanges of one token take turns on its row: the second waits here for the first to commit.
    const current = await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('token_hash', '=', hash)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'family_id'])
      .executeTakeFirst()
    const session = current && (await liveSession(trx, current.family_id))
    if (current && session) {
      await issueRefreshToken(trx, { userId: current.user_id, familyId: current.family_id, clock, token: successor })
      return rotated(current.user_id, session.role, current.family_id, successor, now)
    }
    if (current) {
      await revokeFamily(trx, current.family_id, clock)
      return { kind: 'invalid' as const }
    }
    const known = await trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id', 'rotated_at', 'revoked_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst()
    if (!known?.rotated_at || known.revoked_at) return { kind: 'invalid' as const }
    const repeat = await repeatedExchange(trx, { ...known, rotatedAt: known.rotated_at }, successor, now)
    if (repeat) return rotated(known.user_id, repeat.role, known.family_id, successor, known.rotated_at)
    await revokeFamily(trx, known.family_id, clock)
    return { kind: 'reused' as const }
  })
  if (outcome.kind === 'reused') throw new DomainError('refresh-reused', refreshMessages.reused)
  if (outcome.kind === 'invalid') throw new DomainError('refresh-invalid', refreshMessages.invalid)
  return outcome.token
}

const rotated = (userId: string, role: UserRole, familyId: string, refreshToken: string, rotatedAt: Date) => ({
  kind: 'rotated' as const,
  token: { userId, role, familyId, refreshToken, rotatedAt },
})

/** The live session when this exchange repeats one within the grace whose answer is still current. */
async function repeatedExchange(
  trx: Transaction<Database>,
  exchanged: { family_id: string; rotatedAt: Date },
  successor: string,
  now: Date,
) {
  if (now.getTime() - exchanged.rotatedAt.getTime() > refreshReuseGraceMs) return undefined
  const next = await trx
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashOpaqueToken(successor))
    .where('family_id', '=', exchanged.family_id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return next && liveSession(trx, exchanged.family_id)
}

export async function revokeFamily(executor: Executor, familyId: string, clock: Clock) {
  await endSession(executor, familyId, clock)
  await executor
    .updateTable('refresh_tokens')
    .set({ revoked_at: clock.now() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeFamilyOfToken(executor: Executor, token: string, clock: Clock) {
  const row = await executor
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst()
  if (row) await revokeFamily(executor, row.family_id, clock)
}

/** Ends every session of the person, or every one but `exceptFamilyId`. */
export async function revokeAllRefreshTokens(
  executor: Executor,
  userId: string,
  clock: Clock,
  exceptFamilyId?: string,
) {
  await endSessionsOf(executor, userId, clock, exceptFamilyId)
  let query = executor
    .updateTable('refresh_tokens')
    .set({ revoked_at: clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId)
  await query.execute()
}

import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Clock } from '#events/clock.ts'
import type { Database } from '#server/db/schema.ts'
import { DomainError } from '#events/domain-error.ts'
import type { UserRole } from './access-tokens.ts'
import { endSession, endSessionsOf, liveSession, startSession } from './auth-sessions.ts'
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts'

type Executor = Kysely<Database> | Transaction<Database>

const refreshTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000

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
  options: { userId: string; clock: Clock } & ({ familyId: string } | { role: UserRole }),
) {
  const { token, hash } = newOpaqueToken()
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
 * Exchanges a refresh token for the next one in its family. A token that was already exchanged
 * means a copy is in someone else's hands: the whole family is revoked and both holders must sign
 * in again.
 */
export async function rotateRefreshToken(db: Kysely<Database>, token: string, clock: Clock) {
  const hash = hashOpaqueToken(token)
  const now = clock.now()
  const outcome = await db.transaction().execute(async (trx) => {
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
      const next = await issueRefreshToken(trx, { userId: current.user_id, familyId: current.family_id, clock })
      return {
        kind: 'rotated' as const,
        userId: current.user_id,
        role: session.role,
        familyId: current.family_id,
        refreshToken: next.refreshToken,
      }
    }
    if (current) {
      await revokeFamily(trx, current.family_id, clock)
      return { kind: 'invalid' as const }
    }
    const known = await trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'rotated_at', 'revoked_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst()
    if (known?.rotated_at && !known.revoked_at) {
      await revokeFamily(trx, known.family_id, clock)
      return { kind: 'reused' as const }
    }
    return { kind: 'invalid' as const }
  })
  if (outcome.kind === 'reused') throw new DomainError('refresh-reused', refreshMessages.reused)
  if (outcome.kind === 'invalid') throw new DomainError('refresh-invalid', refreshMessages.invalid)
  return outcome
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

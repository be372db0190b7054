import type { Kysely, Transaction } from 'kysely'
import { DomainError } from '#events/domain-error.ts'
import type { Clock } from '#events/clock.ts'
import type { StoreTransaction } from '#events/store/event-store.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { type UserCommand, userCommands } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import type { Database } from '#server/db/schema.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-tokens.ts'
import { issueTokenPair } from '../tokens/token-pair.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** Long enough to open the app and type a code, short enough that a stolen token is soon worthless. */
const challengeLifetimeMs = 5 * 60_000
/** Wrong codes one challenge takes before the password must be given again. */
export const challengeAttempts = 5

export const challengeMessages = {
  invalid: 'This sign-in step has expired or was already used. Please sign in again.',
} as const

type SignInMethod = Extract<UserCommand, { type: 'RecordSignIn' }>['method']

/** A sign-in the first step proved: who, and how (a Google sign-in links the identity once it passes). */
export type PendingSignIn = { userId: string; method: SignInMethod; providerUserId?: string | undefined }

async function openChallenge(executor: Executor, clock: Clock, pending: PendingSignIn) {
  const { token, hash } = newOpaqueToken()
  const expiresAt = new Date(clock.now().getTime() + challengeLifetimeMs)
  await executor
    .insertInto('sign_in_challenges')
    .values({
      token_hash: hash,
      user_id: pending.userId,
      method: pending.method,
      provider_user_id: pending.providerUserId ?? null,
      failures: 0,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute()
  return { challengeToken: token, expiresAt: expiresAt.toISOString() }
}

/**
 * Records a sign-in and starts its session, or, for an account with an authenticator, opens a
 * challenge instead: the decider refuses the sign-in with `mfa-required` and nothing is appended.
 */
export async function signInOrChallenge(
  tx: StoreTransaction<Database>,
  runtime: Runtime,
  pending: PendingSignIn,
  metadata: EventMetadata,
) {
  const command: UserCommand = {
    type: 'RecordSignIn',
    method: pending.method,
    ...(pending.providerUserId === undefined ? {} : { providerUserId: pending.providerUserId }),
  }
  try {
    const { after } = await userCommands.handle(tx, pending.userId, command, metadata)
    if (after.status === 'unregistered') throw new Error('Signed-in account has no history')
    return { kind: 'signed-in' as const, tokens: await issueTokenPair(tx.db, runtime, pending.userId, after.role) }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'mfa-required') throw error
    return { kind: 'challenge' as const, challenge: await openChallenge(tx.db, runtime.clock, pending) }
  }
}

/** The answer to a first step that needs a second: `mfa_required`, with the token that completes it. */
export function secondStepRequired(challenge: { challengeToken: string; expiresAt: string }): never {
  throw new DomainError('mfa-required', secondStepMessages.required, challenge)
}

/** A live challenge by its token, or a refusal: expired, used, or out of attempts. */
export async function liveChallenge(executor: Executor, clock: Clock, token: string) {
  const row = await executor
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .where('failures', '<', challengeAttempts)
    .executeTakeFirst()
  if (!row) throw new DomainError('mfa-challenge-invalid', challengeMessages.invalid)
  return row
}

export async function countChallengeFailure(executor: Executor, tokenHash: string) {
  await executor
    .updateTable('sign_in_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute()
}

/** Spends the challenge; false when another request spent it first. */
export async function spendChallenge(executor: Executor, clock: Clock, tokenHash: string): Promise<boolean> {
  const spent = await executor
    .updateTable('sign_in_challenges')
    .set({ used_at: clock.now() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return spent.numUpdatedRows > 0n
}

/** Challenges outlive nothing: an hour after expiry they go (with the rate-limit pruning). */
export async function pruneChallenges(db: Kysely<Database>, clock: Clock) {
  await db
    .deleteFrom('sign_in_challenges')
    .where('expires_at', '<', new Date(clock.now().getTime() - 60 * 60_000))
    .execute()
}

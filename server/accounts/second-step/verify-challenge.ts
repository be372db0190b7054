import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { actingAs, type RequestScope, type SignedInScope } from '#server/request-scope.ts'
import { accountOf } from '../account-answer.ts'
import {
  accountLimits,
  assertUnderRateLimit,
  countHit,
  hitRecently,
  recentSignIns,
  takeRateLimit,
} from '../rate-limiter.ts'
import { hashOpaqueToken } from '../tokens/opaque-tokens.ts'
import { issueTokenPair } from '../tokens/token-pair.ts'
import { loadProfile } from '../user-account.ts'
import { matchingProof } from './matching-proof.ts'
import { loadSecondStep } from './second-step-of.ts'
import { challengeMessages, countChallengeFailure, liveChallenge, spendChallenge } from './sign-in-challenge.ts'

/** Records a failed challenge in the person's history (their timeline shows it, never the code). */
async function recordFailure(person: SignedInScope, reason: 'wrong-code' | 'used-code') {
  await commandUnit(person.runtime.store, (tx) =>
    userCommands.handle(tx, person.userId, { type: 'FailSecondStep', reason }, person.metadata()),
  )
}

/**
 * Completes a sign-in's second step with a 6-digit code or a recovery code. Wrong codes count
 * against the challenge (5, then the password again), against the address and account together,
 * and against the account's ceiling, which an address the account signed in from lately does not
 * feel: a stranger holding the password cannot lock the owner out by guessing codes.
 */
export async function verifySignInChallenge(scope: RequestScope, input: { challengeToken: string; code: string }) {
  const { runtime } = scope
  await takeRateLimit(runtime, accountLimits.signInPerAddress, scope.clientIp)
  const challenge = await liveChallenge(runtime.db, runtime.clock, input.challengeToken)
  const tokenHash = hashOpaqueToken(input.challengeToken)
  const person = actingAs(scope, challenge.user_id)
  const address = await runtime.db
    .selectFrom('user_emails')
    .select('email')
    .where('user_id', '=', challenge.user_id)
    .executeTakeFirst()
  if (!address) throw new DomainError('mfa-challenge-invalid', challengeMessages.invalid)
  const addressAndAccount = `${scope.clientIp}\n${address.email}`
  await assertUnderRateLimit(runtime, accountLimits.secondStepPerAddressAndAccount, addressAndAccount)
  const knownAddress = await hitRecently(runtime, recentSignIns, addressAndAccount)
  if (!knownAddress) await assertUnderRateLimit(runtime, accountLimits.secondStepPerAccount, address.email)
  const failed = async (reason: 'wrong-code' | 'used-code'): Promise<never> => {
    await countChallengeFailure(runtime.db, tokenHash)
    await recordFailure(person, reason)
    await takeRateLimit(runtime, accountLimits.secondStepPerAddressAndAccount, addressAndAccount)
    if (knownAddress) await countHit(runtime, accountLimits.secondStepPerAccount, address.email)
    else await takeRateLimit(runtime, accountLimits.secondStepPerAccount, address.email)
    throw new DomainError(
      'invalid-code',
      reason === 'used-code' ? secondStepMessages.usedCode : secondStepMessages.wrongCode,
    )
  }

  const loaded = await loadSecondStep(runtime.store, challenge.user_id, runtime.db)
  const proof = matchingProof(loaded, input.code, runtime.clock.now())
  if (!proof) return failed('wrong-code')
  let outcome
  try {
    outcome = await commandUnit(runtime.store, async (tx) => {
      if (!(await spendChallenge(tx.db, runtime.clock, tokenHash)))
        throw new DomainError('mfa-challenge-invalid', challengeMessages.invalid)
      const { after } = await userCommands.handle(
        tx,
        challenge.user_id,
        {
          type: 'RecordSignIn',
          method: challenge.method,
          ...(challenge.provider_user_id === null ? {} : { providerUserId: challenge.provider_user_id }),
          secondStep: proof,
        },
        person.metadata(),
      )
      if (after.status === 'unregistered') throw new Error('Signed-in account has no history')
      const tokens = await issueTokenPair(tx.db, runtime, challenge.user_id, after.role)
      return { tokens, profile: await loadProfile(runtime.store, challenge.user_id, tx.db) }
    })
  } catch (error) {
    // A code already used once (the decider's refusal) is a failed attempt like a wrong one.
    if (error instanceof DomainError && error.code === 'invalid-code') return failed('used-code')
    throw error
  }
  if (!outcome.profile) throw new Error('Signed-in account has no profile')
  await countHit(runtime, recentSignIns, addressAndAccount)
  return { ...(await accountOf(runtime, runtime.db, outcome.profile)), tokens: outcome.tokens }
}

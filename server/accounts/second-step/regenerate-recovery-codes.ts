import { DomainError } from '#events/domain-error.ts'
import { seal } from '#events/pii/pii-vault.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { hasSecondStep } from '#events/users/second-step.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import type { SignedInScope } from '#server/request-scope.ts'
import { accountLimits, assertUnderRateLimit } from '../rate-limiter.ts'
import { codeRefused, listAuthenticators, personalKey } from './authenticators.ts'
import { matchingProof } from './matching-proof.ts'
import { newRecoveryCodes, recoveryCodeCount } from './recovery-codes.ts'
import { loadSecondStep } from './second-step-of.ts'

/**
 * A new set of ten recovery codes for a current code from an authenticator app (a recovery code
 * cannot renew its own set). The old set stops working; the new codes are answered this once.
 */
export async function regenerateRecoveryCodes(scope: SignedInScope, input: { code: string }) {
  const { runtime, userId } = scope
  await assertUnderRateLimit(runtime, accountLimits.currentCodePerAccount, userId)
  const key = await personalKey(scope)
  const loaded = await loadSecondStep(runtime.store, userId, runtime.db)
  if (!hasSecondStep(loaded.state)) throw new DomainError('bad-request', secondStepMessages.noSecondStep)
  const proof = matchingProof(loaded, input.code, runtime.clock.now(), { recovery: false })
  if (proof?.kind !== 'code') return codeRefused(scope)
  const recovery = newRecoveryCodes()
  await commandUnit(runtime.store, (tx) =>
    userCommands.handle(
      tx,
      userId,
      {
        type: 'RegenerateRecoveryCodes',
        proof,
        recoveryCodes: { codes: seal(key, userId, JSON.stringify(recovery.hashes)), count: recoveryCodeCount },
      },
      scope.metadata(),
    ),
  )
  return { ...(await listAuthenticators(scope)), recoveryCodes: recovery.codes }
}

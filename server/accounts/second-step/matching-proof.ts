import type { SecondStepProof } from '#events/users/second-step-decider.ts'
import { stepOfCode } from './one-time-codes.ts'
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes.ts'
import type { LoadedSecondStep } from './second-step-of.ts'

const sixDigits = /^\d{6}$/

/**
 * What a typed code proves, before the decider checks it was not used already: the current code of
 * one of the person's confirmed authenticators, or one of their recovery codes. Undefined for a wrong code.
 */
export function matchingProof(
  loaded: LoadedSecondStep,
  typed: string,
  now: Date,
  { recovery }: { recovery: boolean } = { recovery: true },
): SecondStepProof | undefined {
  const code = typed.replace(/\s/g, '')
  if (sixDigits.test(code)) {
    for (const authenticator of loaded.authenticators) {
      if (!authenticator.confirmed || !authenticator.secret) continue
      const step = stepOfCode(authenticator.secret, code, now)
      if (step !== undefined) return { kind: 'code', authenticatorId: authenticator.id, step }
    }
    return undefined
  }
  if (!recovery || !looksLikeRecoveryCode(code)) return undefined
  const index = loaded.recoveryHashes.indexOf(hashRecoveryCode(code))
  return index === -1 ? undefined : { kind: 'recovery', index }
}

import { DomainError } from '#events/domain-error.ts'
import type { SealedText } from '#events/pii/pii-vault.ts'
import { hasSecondStep, type SecondStepEvent, type SecondStepState } from './second-step.ts'

/** A code that passed: an authenticator's one-time code at its time step, or a recovery code by its place in the set. */
export type SecondStepProof =
  { kind: 'code'; authenticatorId: string; step: number } | { kind: 'recovery'; index: number }

export type SecondStepCommand =
  | { type: 'AddAuthenticator'; authenticatorId: string; name: SealedText; secret: SealedText }
  | {
      type: 'ConfirmAuthenticator'
      authenticatorId: string
      step: number
      /** A fresh set, issued only when the person has none left: the sealed hashes and how many. */
      recoveryCodes: { codes: SealedText; count: number }
    }
  | { type: 'RenameAuthenticator'; authenticatorId: string; name: SealedText }
  /** `proven`: the person gave their password and a current code, as removing the last one needs. */
  | { type: 'RemoveAuthenticator'; authenticatorId: string; proven: boolean }
  | { type: 'RemoveAuthenticatorsBySupport'; reason: string }
  /** A new set in place of the old (every old code stops working), for a current one-time code. */
  | {
      type: 'RegenerateRecoveryCodes'
      proof: Extract<SecondStepProof, { kind: 'code' }>
      recoveryCodes: { codes: SealedText; count: number }
    }
  | { type: 'FailSecondStep'; reason: 'wrong-code' | 'used-code' }

const maxAuthenticators = 5

export const secondStepMessages = {
  required: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'That code is not valid. Check the code in your authenticator app and try again.',
  usedCode: 'That code has already been used. Wait for the next code in your authenticator app.',
  notFound: 'There is no such authenticator on your account.',
  alreadyConfirmed: 'This authenticator is already set up.',
  tooMany: `You can keep at most ${maxAuthenticators} authenticators. Remove one first.`,
  lastNeedsProof:
    'Removing your last authenticator turns two-step sign-in off: enter your password and a current code to confirm.',
  nothingToRemove: 'This person has no authenticator to remove.',
  noSecondStep: 'Two-step sign-in is off: recovery codes come with your first authenticator app.',
} as const

const confirmedOf = (state: SecondStepState, id: string) =>
  state.authenticators.find((each) => each.id === id && each.confirmed)

/** Whether a proof has been used before: a code at or before its authenticator's last step, a recovery code spent. */
function proofRefusal(state: SecondStepState, proof: SecondStepProof): DomainError | undefined {
  if (proof.kind === 'recovery') {
    if (proof.index >= state.recoveryCodes) return new DomainError('invalid-code', secondStepMessages.wrongCode)
    return state.usedRecoveryCodes.includes(proof.index)
      ? new DomainError('invalid-code', secondStepMessages.usedCode)
      : undefined
  }
  const authenticator = confirmedOf(state, proof.authenticatorId)
  if (!authenticator) return new DomainError('invalid-code', secondStepMessages.wrongCode)
  return proof.step <= authenticator.lastStep ? new DomainError('invalid-code', secondStepMessages.usedCode) : undefined
}

/** The events a passed second step records before the sign-in itself. */
export function passedEvents(state: SecondStepState, proof: SecondStepProof): SecondStepEvent[] {
  const refusal = proofRefusal(state, proof)
  if (refusal) throw refusal
  if (proof.kind === 'code')
    return [{ type: 'SecondStepPassed', data: { authenticatorId: proof.authenticatorId, step: proof.step } }]
  const remaining = state.recoveryCodes - state.usedRecoveryCodes.length - 1
  return [{ type: 'RecoveryCodeUsed', data: { index: proof.index, remaining } }]
}

/** The rules of a person's authenticators and recovery codes. Pure, like the rest of the user decider. */
export function decideSecondStep(command: SecondStepCommand, state: SecondStepState): SecondStepEvent[] {
  switch (command.type) {
    case 'AddAuthenticator':
      if (state.authenticators.filter((each) => each.confirmed).length >= maxAuthenticators)
        throw new DomainError('bad-request', secondStepMessages.tooMany)
      return [
        {
          type: 'AuthenticatorAdded',
          data: { authenticatorId: command.authenticatorId, name: command.name, secret: command.secret },
        },
      ]
    case 'ConfirmAuthenticator': {
      const pending = state.authenticators.find((each) => each.id === command.authenticatorId)
      if (!pending) throw new DomainError('not-found', secondStepMessages.notFound)
      if (pending.confirmed) throw new DomainError('already-exists', secondStepMessages.alreadyConfirmed)
      const unused = state.recoveryCodes - state.usedRecoveryCodes.length
      return [
        { type: 'AuthenticatorConfirmed', data: { authenticatorId: command.authenticatorId, step: command.step } },
        ...(unused > 0 ? [] : [{ type: 'RecoveryCodesIssued' as const, data: command.recoveryCodes }]),
      ]
    }
    case 'RenameAuthenticator':
      if (!confirmedOf(state, command.authenticatorId)) throw new DomainError('not-found', secondStepMessages.notFound)
      return [{ type: 'AuthenticatorRenamed', data: { authenticatorId: command.authenticatorId, name: command.name } }]
    case 'RemoveAuthenticator': {
      const known = state.authenticators.find((each) => each.id === command.authenticatorId)
      if (!known) throw new DomainError('not-found', secondStepMessages.notFound)
      const others = state.authenticators.filter((each) => each.confirmed && each.id !== known.id)
      if (known.confirmed && others.length === 0 && !command.proven)
        throw new DomainError('wrong-password', secondStepMessages.lastNeedsProof)
      return [{ type: 'AuthenticatorRemoved', data: { authenticatorId: command.authenticatorId } }]
    }
    case 'RemoveAuthenticatorsBySupport':
      if (!hasSecondStep(state)) throw new DomainError('bad-request', secondStepMessages.nothingToRemove)
      return [{ type: 'AuthenticatorsRemovedBySupport', data: { reason: command.reason } }]
    case 'RegenerateRecoveryCodes': {
      if (!hasSecondStep(state)) throw new DomainError('bad-request', secondStepMessages.noSecondStep)
      // The code is spent like a sign-in's: the same one cannot issue a second set.
      return [...passedEvents(state, command.proof), { type: 'RecoveryCodesIssued', data: command.recoveryCodes }]
    }
    case 'FailSecondStep':
      return [{ type: 'SecondStepFailed', data: { reason: command.reason } }]
    default: {
      const unknownCommand: never = command
      return unknownCommand
    }
  }
}

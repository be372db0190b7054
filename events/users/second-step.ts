import { z } from 'zod'
import { sealedText } from '#events/pii/pii-vault.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'

/**
 * The second step of signing in (decision 0092): authenticator apps (RFC 6238 one-time codes) and
 * single-use recovery codes. The shared secret and the recovery codes' hashes are sealed with the
 * person's key, so erasure shreds them; support can never reveal them (`secretFields`).
 */
const authenticatorAdded = defineEvent({
  type: 'AuthenticatorAdded',
  schemaVersion: 1,
  schema: z.object({ authenticatorId: z.string(), name: sealedText, secret: sealedText }),
})

/** The first code proved the app holds the secret; its time step counts as used. */
const authenticatorConfirmed = defineEvent({
  type: 'AuthenticatorConfirmed',
  schemaVersion: 1,
  schema: z.object({ authenticatorId: z.string(), step: z.number().int() }),
})

const authenticatorRenamed = defineEvent({
  type: 'AuthenticatorRenamed',
  schemaVersion: 1,
  schema: z.object({ authenticatorId: z.string(), name: sealedText }),
})

const authenticatorRemoved = defineEvent({
  type: 'AuthenticatorRemoved',
  schemaVersion: 1,
  schema: z.object({ authenticatorId: z.string() }),
})

/** Support took every authenticator away (the person lost them all), with the reason staff gave. */
const authenticatorsRemovedBySupport = defineEvent({
  type: 'AuthenticatorsRemovedBySupport',
  schemaVersion: 1,
  schema: z.object({ reason: z.string() }),
})

/** `codes` is the sealed JSON list of the codes' SHA-256 hashes; the codes themselves are never kept. */
const recoveryCodesIssued = defineEvent({
  type: 'RecoveryCodesIssued',
  schemaVersion: 1,
  schema: z.object({ codes: sealedText, count: z.number().int().positive() }),
})

const recoveryCodeUsed = defineEvent({
  type: 'RecoveryCodeUsed',
  schemaVersion: 1,
  schema: z.object({ index: z.number().int().nonnegative(), remaining: z.number().int().nonnegative() }),
})

const secondStepPassed = defineEvent({
  type: 'SecondStepPassed',
  schemaVersion: 1,
  schema: z.object({ authenticatorId: z.string(), step: z.number().int() }),
})

const secondStepFailed = defineEvent({
  type: 'SecondStepFailed',
  schemaVersion: 1,
  schema: z.object({ reason: z.enum(['wrong-code', 'used-code']) }),
})

export const secondStepEventDefinitions = [
  authenticatorAdded,
  authenticatorConfirmed,
  authenticatorRenamed,
  authenticatorRemoved,
  authenticatorsRemovedBySupport,
  recoveryCodesIssued,
  recoveryCodeUsed,
  secondStepPassed,
  secondStepFailed,
] as const

export type SecondStepEvent = EventOf<(typeof secondStepEventDefinitions)[number]>

/** Sealed fields that hold a secret, not personal data: no one, support included, may open them. */
export const secretFields: Readonly<Record<string, readonly string[]>> = {
  [authenticatorAdded.type]: ['secret'],
  [recoveryCodesIssued.type]: ['codes'],
}

type Authenticator = { id: string; confirmed: boolean; lastStep: number }

export type SecondStepState = {
  authenticators: Authenticator[]
  /** How many recovery codes the current set has; 0 when there is none. */
  recoveryCodes: number
  usedRecoveryCodes: number[]
}

export const noSecondStep: SecondStepState = { authenticators: [], recoveryCodes: 0, usedRecoveryCodes: [] }

export const hasSecondStep = (state: SecondStepState) => state.authenticators.some((each) => each.confirmed)

const withAuthenticator = (state: SecondStepState, id: string, change: (each: Authenticator) => Authenticator) => ({
  ...state,
  authenticators: state.authenticators.map((each) => (each.id === id ? change(each) : each)),
})

/** Without a confirmed authenticator the recovery codes have nothing left to stand in for. */
const withoutAuthenticator = (state: SecondStepState, id: string): SecondStepState => {
  const authenticators = state.authenticators.filter((each) => each.id !== id)
  const next = { ...state, authenticators }
  return hasSecondStep(next) ? next : { ...noSecondStep, authenticators }
}

export function evolveSecondStep(state: SecondStepState, event: SecondStepEvent): SecondStepState {
  switch (event.type) {
    case 'AuthenticatorAdded':
      return {
        ...state,
        authenticators: [...state.authenticators, { id: event.data.authenticatorId, confirmed: false, lastStep: -1 }],
      }
    case 'AuthenticatorConfirmed':
      return withAuthenticator(state, event.data.authenticatorId, (each) => ({
        ...each,
        confirmed: true,
        lastStep: event.data.step,
      }))
    case 'SecondStepPassed':
      return withAuthenticator(state, event.data.authenticatorId, (each) => ({
        ...each,
        lastStep: Math.max(each.lastStep, event.data.step),
      }))
    case 'AuthenticatorRemoved':
      return withoutAuthenticator(state, event.data.authenticatorId)
    case 'AuthenticatorsRemovedBySupport':
      return noSecondStep
    case 'RecoveryCodesIssued':
      return { ...state, recoveryCodes: event.data.count, usedRecoveryCodes: [] }
    case 'RecoveryCodeUsed':
      return { ...state, usedRecoveryCodes: [...state.usedRecoveryCodes, event.data.index] }
    case 'AuthenticatorRenamed':
    case 'SecondStepFailed':
      return state
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

import { describe, it } from 'vitest'
import { userAggregate, type UserCommand } from '#events/users/user-decider.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import type { UserEvent } from '#events/users/user.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'

const sealed = (text: string) => `pii:v1:${text}` as const

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: sealed('e'),
    firstName: sealed('f'),
    lastName: sealed('l'),
    avatarUrl: null,
    provider: 'password',
    providerUserId: null,
    emailConfirmed: true,
    role: 'user',
  },
}
const added = (authenticatorId: string): UserEvent => ({
  type: 'AuthenticatorAdded',
  data: { authenticatorId, name: sealed('phone'), secret: sealed('secret') },
})
const confirmed = (authenticatorId: string, step = 100): UserEvent => ({
  type: 'AuthenticatorConfirmed',
  data: { authenticatorId, step },
})
const codesIssued: UserEvent = { type: 'RecoveryCodesIssued', data: { codes: sealed('hashes'), count: 10 } }
const enrolled = [registered, added('a1'), confirmed('a1'), codesIssued]

const confirm = (authenticatorId: string, step = 100): UserCommand => ({
  type: 'ConfirmAuthenticator',
  authenticatorId,
  step,
  recoveryCodes: { codes: sealed('hashes'), count: 10 },
})
const signIn = (secondStep?: Extract<UserCommand, { type: 'RecordSignIn' }>['secondStep']): UserCommand => ({
  type: 'RecordSignIn',
  method: 'password',
  ...(secondStep ? { secondStep } : {}),
})

const { given } = deciderSpec(userAggregate)

describe('second step: enrolment', () => {
  it('adds an authenticator that does not count until a first code confirms it', () => {
    given(registered)
      .when({ type: 'AddAuthenticator', authenticatorId: 'a1', name: sealed('phone'), secret: sealed('secret') })
      .then([added('a1')])
    given(registered, added('a1'))
      .when(signIn())
      .then([{ type: 'UserSignedIn', data: { method: 'password' } }])
  })

  it('issues ten recovery codes with the first confirmed authenticator, and none with a second', () => {
    given(registered, added('a1'))
      .when(confirm('a1'))
      .then([confirmed('a1'), codesIssued])
    given(...enrolled, added('a2'))
      .when(confirm('a2', 200))
      .then([confirmed('a2', 200)])
  })

  it('refuses to confirm an authenticator twice or one never added', () => {
    given(...enrolled)
      .when(confirm('a1'))
      .thenThrows('already-exists', secondStepMessages.alreadyConfirmed)
    given(registered).when(confirm('nope')).thenThrows('not-found', secondStepMessages.notFound)
  })

  it('keeps at most five authenticators', () => {
    const five = ['a1', 'a2', 'a3', 'a4', 'a5'].flatMap((id) => [added(id), confirmed(id)])
    given(registered, ...five)
      .when({ type: 'AddAuthenticator', authenticatorId: 'a6', name: sealed('n'), secret: sealed('s') })
      .thenThrows('bad-request', secondStepMessages.tooMany)
  })

  it('renames only a confirmed authenticator', () => {
    given(...enrolled)
      .when({ type: 'RenameAuthenticator', authenticatorId: 'a1', name: sealed('work') })
      .then([{ type: 'AuthenticatorRenamed', data: { authenticatorId: 'a1', name: sealed('work') } }])
    given(registered, added('a1'))
      .when({ type: 'RenameAuthenticator', authenticatorId: 'a1', name: sealed('work') })
      .thenThrows('not-found')
  })
})

describe('second step: signing in', () => {
  it('asks an account with a confirmed authenticator for a code', () => {
    given(...enrolled)
      .when(signIn())
      .thenThrows('mfa-required', secondStepMessages.required)
    given(...enrolled)
      .when({ type: 'RecordSignIn', method: 'google', providerUserId: 'g1' })
      .thenThrows('mfa-required')
  })

  it('records the passed code before the sign-in', () => {
    given(...enrolled)
      .when(signIn({ kind: 'code', authenticatorId: 'a1', step: 101 }))
      .then([
        { type: 'SecondStepPassed', data: { authenticatorId: 'a1', step: 101 } },
        { type: 'UserSignedIn', data: { method: 'password' } },
      ])
  })

  it('never accepts a code of a time step already used, nor an earlier one', () => {
    const passed: UserEvent = { type: 'SecondStepPassed', data: { authenticatorId: 'a1', step: 101 } }
    given(...enrolled, passed)
      .when(signIn({ kind: 'code', authenticatorId: 'a1', step: 101 }))
      .thenThrows('invalid-code', secondStepMessages.usedCode)
    given(...enrolled, passed)
      .when(signIn({ kind: 'code', authenticatorId: 'a1', step: 100 }))
      .thenThrows('invalid-code', secondStepMessages.usedCode)
    // The step of the confirming code is spent too.
    given(...enrolled)
      .when(signIn({ kind: 'code', authenticatorId: 'a1', step: 100 }))
      .thenThrows('invalid-code', secondStepMessages.usedCode)
  })

  it('accepts each recovery code once', () => {
    given(...enrolled)
      .when(signIn({ kind: 'recovery', index: 3 }))
      .then([
        { type: 'RecoveryCodeUsed', data: { index: 3, remaining: 9 } },
        { type: 'UserSignedIn', data: { method: 'password' } },
      ])
    given(...enrolled, { type: 'RecoveryCodeUsed', data: { index: 3, remaining: 9 } })
      .when(signIn({ kind: 'recovery', index: 3 }))
      .thenThrows('invalid-code', secondStepMessages.usedCode)
    given(...enrolled)
      .when(signIn({ kind: 'recovery', index: 10 }))
      .thenThrows('invalid-code', secondStepMessages.wrongCode)
  })

  it('keeps the second step through a password reset', () => {
    given(...enrolled, { type: 'PasswordChanged', data: { via: 'reset' } })
      .when(signIn())
      .thenThrows('mfa-required')
  })

  it('records a failed challenge', () => {
    given(...enrolled)
      .when({ type: 'FailSecondStep', reason: 'wrong-code' })
      .then([{ type: 'SecondStepFailed', data: { reason: 'wrong-code' } }])
  })
})

describe('second step: removal', () => {
  it('removes one of two authenticators without more proof', () => {
    given(...enrolled, added('a2'), confirmed('a2'))
      .when({ type: 'RemoveAuthenticator', authenticatorId: 'a1', proven: false })
      .then([{ type: 'AuthenticatorRemoved', data: { authenticatorId: 'a1' } }])
  })

  it('asks for the password and a code before removing the last one, and then signs in without a code', () => {
    given(...enrolled)
      .when({ type: 'RemoveAuthenticator', authenticatorId: 'a1', proven: false })
      .thenThrows('wrong-password', secondStepMessages.lastNeedsProof)
    const removed: UserEvent = { type: 'AuthenticatorRemoved', data: { authenticatorId: 'a1' } }
    given(...enrolled)
      .when({ type: 'RemoveAuthenticator', authenticatorId: 'a1', proven: true })
      .then([removed])
    given(...enrolled, removed)
      .when(signIn())
      .then([{ type: 'UserSignedIn', data: { method: 'password' } }])
    // The old recovery codes go with the last authenticator.
    given(...enrolled, removed)
      .when(signIn({ kind: 'recovery', index: 0 }))
      .thenThrows('invalid-code')
  })

  it('lets support remove every authenticator with a reason, and only when there is one', () => {
    given(...enrolled)
      .when({ type: 'RemoveAuthenticatorsBySupport', reason: 'Lost phone; identity checked by video call' })
      .then([
        { type: 'AuthenticatorsRemovedBySupport', data: { reason: 'Lost phone; identity checked by video call' } },
      ])
    given(registered)
      .when({ type: 'RemoveAuthenticatorsBySupport', reason: 'x' })
      .thenThrows('bad-request', secondStepMessages.nothingToRemove)
  })

  it('refuses everything for an erased person', () => {
    given(...enrolled, { type: 'UserErased', data: { requestedBy: 'user' } })
      .when({ type: 'AddAuthenticator', authenticatorId: 'a2', name: sealed('n'), secret: sealed('s') })
      .thenThrows('erased')
  })
})

describe('second step: a new set of recovery codes', () => {
  const newSet = { codes: sealed('new-hashes'), count: 10 }
  const regenerate = (step: number): UserCommand => ({
    type: 'RegenerateRecoveryCodes',
    proof: { kind: 'code', authenticatorId: 'a1', step },
    recoveryCodes: newSet,
  })

  it('spends the code and issues a new set in place of the old', () => {
    given(...enrolled, { type: 'RecoveryCodeUsed', data: { index: 0, remaining: 9 } })
      .when(regenerate(101))
      .then([
        { type: 'SecondStepPassed', data: { authenticatorId: 'a1', step: 101 } },
        { type: 'RecoveryCodesIssued', data: newSet },
      ])
  })

  it('refuses a code already used, and a person without a confirmed authenticator', () => {
    given(...enrolled)
      .when(regenerate(100))
      .thenThrows('invalid-code', secondStepMessages.usedCode)
    given(registered, added('a1')).when(regenerate(101)).thenThrows('bad-request', secondStepMessages.noSecondStep)
  })
})

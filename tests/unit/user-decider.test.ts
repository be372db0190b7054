import { describe, it } from 'vitest'
import { userAggregate, userMessages, type UserCommand } from '#events/users/user-decider.ts'
import type { UserEvent } from '#events/users/user.ts'
import { deciderSpec } from '#tests/support/decider-spec.ts'

const sealed = (text: string) => `pii:v1:${text}` as const

const registered = (overrides: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {}): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: sealed('e'),
    firstName: sealed('f'),
    lastName: sealed('l'),
    avatarUrl: null,
    provider: 'password',
    providerUserId: null,
    emailConfirmed: false,
    role: 'user',
    ...overrides,
  },
})

const { given } = deciderSpec(userAggregate)

const register: UserCommand = {
  type: 'Register',
  userId: 'u1',
  email: sealed('e'),
  firstName: sealed('f'),
  lastName: sealed('l'),
  avatarUrl: null,
  provider: 'password',
  providerUserId: null,
  emailConfirmed: false,
}

describe('user decider', () => {
  it('registers a new person as a plain user', () => {
    given().when(register).then([registered()])
  })

  it('refuses to register twice', () => {
    given(registered()).when(register).thenThrows('already-exists', userMessages.alreadyExists)
  })

  it('refuses everything but registration for someone unknown', () => {
    given().when({ type: 'ConfirmEmail' }).thenThrows('not-found', userMessages.notFound)
  })

  it('confirms the e-mail once; a second confirmation decides nothing', () => {
    given(registered())
      .when({ type: 'ConfirmEmail' })
      .then([{ type: 'EmailConfirmed', data: {} }])
    given(registered(), { type: 'EmailConfirmed', data: {} }).when({ type: 'ConfirmEmail' }).then([])
  })

  it('refuses a password sign-in before the e-mail is confirmed, and records it after', () => {
    given(registered()).when({ type: 'RecordSignIn', method: 'password' }).thenThrows('email-not-confirmed')
    given(registered(), { type: 'EmailConfirmed', data: {} })
      .when({ type: 'RecordSignIn', method: 'password' })
      .then([{ type: 'UserSignedIn', data: { method: 'password' } }])
  })

  it('refuses a password sign-in for an account that has only Google', () => {
    given(registered({ provider: 'google', emailConfirmed: true }))
      .when({ type: 'RecordSignIn', method: 'password' })
      .thenThrows('no-password')
  })

  it('links a new provider and trusts its verified address on first sign-in through it', () => {
    given(registered())
      .when({ type: 'RecordSignIn', method: 'google', providerUserId: 'g-1' })
      .then([
        { type: 'ProviderLinked', data: { provider: 'google', providerUserId: 'g-1' } },
        { type: 'EmailConfirmed', data: {} },
        { type: 'UserSignedIn', data: { method: 'google' } },
      ])
  })

  it('lets a reset give a Google-only account a password, which also proves the address', () => {
    const history = [
      registered({ provider: 'google', emailConfirmed: true }),
      { type: 'PasswordChanged', data: { via: 'reset' } } as const,
    ]
    given(...history)
      .when({ type: 'RecordSignIn', method: 'password' })
      .then([{ type: 'UserSignedIn', data: { method: 'password' } }])
    given(registered(), { type: 'PasswordChanged', data: { via: 'reset' } })
      .when({ type: 'RecordSignIn', method: 'password' })
      .thenMatches([{ type: 'UserSignedIn' }])
  })

  it('updates the profile, changes passwords, and signs out everywhere', () => {
    const person = given(registered())
    person
      .when({ type: 'UpdateProfile', firstName: sealed('a'), lastName: sealed('b') })
      .then([{ type: 'ProfileUpdated', data: { firstName: sealed('a'), lastName: sealed('b') } }])
    person.when({ type: 'ChangePassword', via: 'change' }).then([{ type: 'PasswordChanged', data: { via: 'change' } }])
    person.when({ type: 'RequestPasswordReset' }).then([{ type: 'PasswordResetRequested', data: {} }])
    person.when({ type: 'SignOutEverywhere' }).then([{ type: 'SignedOutEverywhere', data: {} }])
  })

  it('erases once, and refuses everything after erasure', () => {
    given(registered())
      .when({ type: 'Erase', requestedBy: 'user' })
      .then([{ type: 'UserErased', data: { requestedBy: 'user' } }])
    const erased = given(registered(), { type: 'UserErased', data: { requestedBy: 'user' } })
    erased.when({ type: 'Erase', requestedBy: 'support' }).then([])
    erased.when({ type: 'RecordSignIn', method: 'google' }).thenThrows('erased', userMessages.erased)
  })
})

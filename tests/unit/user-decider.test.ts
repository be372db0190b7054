import { describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { decideUser, userMessages, type UserCommand } from '#events/users/user-decider.ts'
import { evolveUser, initialUserState, type UserEvent } from '#events/users/user.ts'

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

/** given(events).when(command) → the events decided, or the refusal. */
function given(...history: UserEvent[]) {
  const state = history.reduce(evolveUser, initialUserState)
  return {
    when: (command: UserCommand) => {
      try {
        return { events: decideUser(command, state) }
      } catch (error) {
        if (error instanceof DomainError) return { refused: { code: error.code, message: error.message } }
        throw error
      }
    },
  }
}

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
    expect(given().when(register)).toEqual({ events: [registered()] })
  })

  it('refuses to register twice', () => {
    expect(given(registered()).when(register)).toEqual({
      refused: { code: 'already-exists', message: userMessages.alreadyExists },
    })
  })

  it('refuses everything but registration for someone unknown', () => {
    expect(given().when({ type: 'ConfirmEmail' })).toEqual({
      refused: { code: 'not-found', message: userMessages.notFound },
    })
  })

  it('confirms the e-mail once; a second confirmation decides nothing', () => {
    expect(given(registered()).when({ type: 'ConfirmEmail' })).toEqual({
      events: [{ type: 'EmailConfirmed', data: {} }],
    })
    expect(given(registered(), { type: 'EmailConfirmed', data: {} }).when({ type: 'ConfirmEmail' })).toEqual({
      events: [],
    })
  })

  it('refuses a password sign-in before the e-mail is confirmed, and records it after', () => {
    expect(given(registered()).when({ type: 'RecordSignIn', method: 'password' })).toMatchObject({
      refused: { code: 'email-not-confirmed' },
    })
    expect(
      given(registered(), { type: 'EmailConfirmed', data: {} }).when({ type: 'RecordSignIn', method: 'password' }),
    ).toEqual({
      events: [{ type: 'UserSignedIn', data: { method: 'password' } }],
    })
  })

  it('refuses a password sign-in for an account that has only Google', () => {
    expect(
      given(registered({ provider: 'google', emailConfirmed: true })).when({
        type: 'RecordSignIn',
        method: 'password',
      }),
    ).toMatchObject({
      refused: { code: 'no-password' },
    })
  })

  it('links a new provider and trusts its verified address on first sign-in through it', () => {
    expect(given(registered()).when({ type: 'RecordSignIn', method: 'google', providerUserId: 'g-1' })).toEqual({
      events: [
        { type: 'ProviderLinked', data: { provider: 'google', providerUserId: 'g-1' } },
        { type: 'EmailConfirmed', data: {} },
        { type: 'UserSignedIn', data: { method: 'google' } },
      ],
    })
  })

  it('lets a reset give a Google-only account a password, which also proves the address', () => {
    const history = [
      registered({ provider: 'google', emailConfirmed: true }),
      { type: 'PasswordChanged', data: { via: 'reset' } } as const,
    ]
    expect(given(...history).when({ type: 'RecordSignIn', method: 'password' })).toEqual({
      events: [{ type: 'UserSignedIn', data: { method: 'password' } }],
    })
    expect(
      given(registered(), { type: 'PasswordChanged', data: { via: 'reset' } }).when({
        type: 'RecordSignIn',
        method: 'password',
      }),
    ).toMatchObject({ events: [{ type: 'UserSignedIn' }] })
  })

  it('updates the profile, changes passwords, and signs out everywhere', () => {
    const person = given(registered())
    expect(person.when({ type: 'UpdateProfile', firstName: sealed('a'), lastName: sealed('b') })).toEqual({
      events: [{ type: 'ProfileUpdated', data: { firstName: sealed('a'), lastName: sealed('b') } }],
    })
    expect(person.when({ type: 'ChangePassword', via: 'change' })).toEqual({
      events: [{ type: 'PasswordChanged', data: { via: 'change' } }],
    })
    expect(person.when({ type: 'RequestPasswordReset' })).toEqual({
      events: [{ type: 'PasswordResetRequested', data: {} }],
    })
    expect(person.when({ type: 'SignOutEverywhere' })).toEqual({ events: [{ type: 'SignedOutEverywhere', data: {} }] })
  })

  it('erases once, and refuses everything after erasure', () => {
    expect(given(registered()).when({ type: 'Erase', requestedBy: 'user' })).toEqual({
      events: [{ type: 'UserErased', data: { requestedBy: 'user' } }],
    })
    const erased = given(registered(), { type: 'UserErased', data: { requestedBy: 'user' } })
    expect(erased.when({ type: 'Erase', requestedBy: 'support' })).toEqual({ events: [] })
    expect(erased.when({ type: 'RecordSignIn', method: 'google' })).toEqual({
      refused: { code: 'erased', message: userMessages.erased },
    })
  })
})

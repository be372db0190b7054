import { DomainError } from '#events/domain-error.ts'
import type { SealedText } from '#events/pii/pii-vault.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import {
  evolveUser,
  initialUserState,
  userEventDefinitions,
  userStreamId,
  type IdentityProvider,
  type UserEvent,
  type UserState,
} from './user.ts'
import { erasedAccountMessage } from './owner.ts'
import { hasSecondStep } from './second-step.ts'
import {
  decideSecondStep,
  passedEvents,
  secondStepMessages,
  type SecondStepCommand,
  type SecondStepProof,
} from './second-step-decider.ts'

export type UserCommand =
  | {
      type: 'Register'
      userId: string
      email: SealedText
      firstName: SealedText
      lastName: SealedText
      avatarUrl: SealedText | null
      provider: IdentityProvider
      providerUserId: string | null
      emailConfirmed: boolean
    }
  | { type: 'ConfirmEmail' }
  /** `secondStep`: the code that passed the challenge, which an account with an authenticator needs. */
  | { type: 'RecordSignIn'; method: IdentityProvider; providerUserId?: string; secondStep?: SecondStepProof }
  | { type: 'UpdateProfile'; firstName: SealedText; lastName: SealedText }
  | { type: 'ChangePassword'; via: 'change' | 'reset' }
  | { type: 'RequestPasswordReset' }
  | { type: 'SignOutEverywhere' }
  | { type: 'Erase'; requestedBy: 'user' | 'support' }
  | { type: 'ChangeRole'; role: 'user' | 'support' }
  | SecondStepCommand

export const userMessages = {
  alreadyExists: 'User already exists',
  notFound: 'User not found',
  erased: erasedAccountMessage,
  emailNotConfirmed: 'Please confirm your email address first. We sent you a link when you signed up.',
  noPassword: "This account has no password yet. Use 'Continue with Google', or 'Forgot Password' to set one.",
} as const

/** The rules of one person's account. Pure: the same state and command always decide the same. */
function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.status !== 'unregistered') throw new DomainError('already-exists', userMessages.alreadyExists)
    const { type: _type, ...data } = command
    return [{ type: 'UserRegistered', data: { ...data, role: 'user' } }]
  }
  if (state.status === 'unregistered') throw new DomainError('not-found', userMessages.notFound)
  if (state.status === 'erased') {
    if (command.type === 'Erase') return []
    throw new DomainError('erased', userMessages.erased)
  }

  switch (command.type) {
    case 'ConfirmEmail':
      return state.emailConfirmed ? [] : [{ type: 'EmailConfirmed', data: {} }]
    case 'RecordSignIn': {
      if (command.method === 'password') {
        if (!state.providers.includes('password')) throw new DomainError('no-password', userMessages.noPassword)
        if (!state.emailConfirmed) throw new DomainError('email-not-confirmed', userMessages.emailNotConfirmed)
      }
      const linked: UserEvent[] =
        command.method !== 'password' && !state.providers.includes(command.method) && command.providerUserId
          ? [{ type: 'ProviderLinked', data: { provider: command.method, providerUserId: command.providerUserId } }]
          : []
      // The identity provider has verified the address when it vouches for the person.
      const confirmed: UserEvent[] =
        command.method !== 'password' && !state.emailConfirmed ? [{ type: 'EmailConfirmed', data: {} }] : []
      if (hasSecondStep(state.secondStep) && !command.secondStep)
        throw new DomainError('mfa-required', secondStepMessages.required)
      const passed = command.secondStep ? passedEvents(state.secondStep, command.secondStep) : []
      return [...linked, ...confirmed, ...passed, { type: 'UserSignedIn', data: { method: command.method } }]
    }
    case 'UpdateProfile':
      return [{ type: 'ProfileUpdated', data: { firstName: command.firstName, lastName: command.lastName } }]
    case 'ChangePassword':
      return [{ type: 'PasswordChanged', data: { via: command.via } }]
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: {} }]
    case 'SignOutEverywhere':
      return [{ type: 'SignedOutEverywhere', data: {} }]
    case 'Erase':
      return [{ type: 'UserErased', data: { requestedBy: command.requestedBy } }]
    case 'ChangeRole':
      return state.role === command.role ? [] : [{ type: 'RoleChanged', data: { role: command.role } }]
    case 'AddAuthenticator':
    case 'ConfirmAuthenticator':
    case 'RenameAuthenticator':
    case 'RemoveAuthenticator':
    case 'RemoveAuthenticatorsBySupport':
    case 'RegenerateRecoveryCodes':
    case 'FailSecondStep':
      return decideSecondStep(command, state.secondStep)
    default: {
      const unknownCommand: never = command
      return unknownCommand
    }
  }
}

export const userAggregate = {
  events: userEventDefinitions,
  streamId: userStreamId,
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
} satisfies Aggregate<UserState, typeof userEventDefinitions, UserCommand>

/** Every command on a person goes through this handler. */
export const userCommands = commandHandler(userAggregate)

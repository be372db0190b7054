import { z } from 'zod'
import { sealedText } from '#events/pii/pii-vault.ts'
import { defineEvent, type EventOf } from '#events/store/event-definition.ts'
import { evolveSecondStep, noSecondStep, secondStepEventDefinitions, type SecondStepState } from './second-step.ts'

export const userStreamId = (userId: string) => `user-${userId}`

const identityProviders = ['password', 'supabase', 'google'] as const
const identityProvider = z.enum(identityProviders)
export type IdentityProvider = z.infer<typeof identityProvider>
const userRole = z.enum(['user', 'support'])

// Names, e-mail and avatar are sealed with the person's own key (events/pii/pii-vault.ts).
const userRegistered = defineEvent({
  type: 'UserRegistered',
  schemaVersion: 1,
  schema: z.object({
    userId: z.string(),
    email: sealedText,
    firstName: sealedText,
    lastName: sealedText,
    avatarUrl: sealedText.nullable(),
    provider: identityProvider,
    providerUserId: z.string().nullable(),
    emailConfirmed: z.boolean(),
    role: userRole,
  }),
})

const emailConfirmed = defineEvent({ type: 'EmailConfirmed', schemaVersion: 1, schema: z.object({}) })

const userSignedIn = defineEvent({
  type: 'UserSignedIn',
  schemaVersion: 1,
  schema: z.object({ method: identityProvider }),
})

const providerLinked = defineEvent({
  type: 'ProviderLinked',
  schemaVersion: 1,
  schema: z.object({ provider: identityProvider, providerUserId: z.string() }),
})

const profileUpdated = defineEvent({
  type: 'ProfileUpdated',
  schemaVersion: 1,
  schema: z.object({ firstName: sealedText, lastName: sealedText }),
})

const passwordChanged = defineEvent({
  type: 'PasswordChanged',
  schemaVersion: 1,
  schema: z.object({ via: z.enum(['change', 'reset']) }),
})

const passwordResetRequested = defineEvent({
  type: 'PasswordResetRequested',
  schemaVersion: 1,
  schema: z.object({}),
})

const signedOutEverywhere = defineEvent({ type: 'SignedOutEverywhere', schemaVersion: 1, schema: z.object({}) })

const userErased = defineEvent({
  type: 'UserErased',
  schemaVersion: 1,
  schema: z.object({ requestedBy: z.enum(['user', 'support']) }),
})

const roleChanged = defineEvent({
  type: 'RoleChanged',
  schemaVersion: 1,
  schema: z.object({ role: userRole }),
})

export const userEventDefinitions = [
  userRegistered,
  emailConfirmed,
  userSignedIn,
  providerLinked,
  profileUpdated,
  passwordChanged,
  passwordResetRequested,
  signedOutEverywhere,
  userErased,
  roleChanged,
  ...secondStepEventDefinitions,
] as const

export type UserEvent = EventOf<(typeof userEventDefinitions)[number]>

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'active' | 'erased'
      userId: string
      role: z.infer<typeof userRole>
      emailConfirmed: boolean
      /** Every way this person has proven who they are. */
      providers: IdentityProvider[]
      /** Authenticators and recovery codes (decision 0092). */
      secondStep: SecondStepState
    }

export const initialUserState: UserState = { status: 'unregistered' }

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        role: event.data.role,
        emailConfirmed: event.data.emailConfirmed,
        providers: [event.data.provider],
        secondStep: noSecondStep,
      }
    case 'EmailConfirmed':
      return state.status === 'unregistered' ? state : { ...state, emailConfirmed: true }
    case 'ProviderLinked':
      return state.status === 'unregistered' || state.providers.includes(event.data.provider)
        ? state
        : { ...state, providers: [...state.providers, event.data.provider] }
    case 'UserErased':
      return state.status === 'unregistered' ? state : { ...state, status: 'erased' }
    case 'RoleChanged':
      return state.status === 'unregistered' ? state : { ...state, role: event.data.role }
    case 'PasswordChanged':
      // A reset goes through a link mailed to the address, so it proves the address too.
      return state.status === 'unregistered'
        ? state
        : {
            ...state,
            emailConfirmed: state.emailConfirmed || event.data.via === 'reset',
            providers: state.providers.includes('password') ? state.providers : [...state.providers, 'password'],
          }
    case 'UserSignedIn':
    case 'ProfileUpdated':
    case 'PasswordResetRequested':
    case 'SignedOutEverywhere':
      return state
    case 'AuthenticatorAdded':
    case 'AuthenticatorConfirmed':
    case 'AuthenticatorRenamed':
    case 'AuthenticatorRemoved':
    case 'AuthenticatorsRemovedBySupport':
    case 'RecoveryCodesIssued':
    case 'RecoveryCodeUsed':
    case 'SecondStepPassed':
    case 'SecondStepFailed':
      return state.status === 'unregistered'
        ? state
        : { ...state, secondStep: evolveSecondStep(state.secondStep, event) }
    default: {
      const unknownEvent: never = event
      return unknownEvent
    }
  }
}

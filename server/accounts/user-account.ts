import type { Kysely, Transaction } from 'kysely'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { EventStore } from '#events/store/event-store.ts'
import { userCommands } from '#events/users/user-decider.ts'
import type { IdentityProvider } from '#events/users/user.ts'
import type { Database } from '#server/db/schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** The person as the account's own history tells it, personal data unsealed. */
export type UserProfile = {
  userId: string
  email: string
  firstName: string
  lastName: string
  avatarUrl: string | null
  role: 'user' | 'support'
  emailConfirmed: boolean
  providers: IdentityProvider[]
  createdAt: Date
  lastLoginAt: Date | null
  erased: boolean
}

/** Reads the profile from the account's events (strongly consistent, unlike the users view). */
export async function loadProfile(
  store: EventStore,
  userId: string,
  executor: Executor,
): Promise<UserProfile | undefined> {
  const { events, state } = await userCommands.load(store, userId, executor)
  if (state.status === 'unregistered') return undefined
  const key = await keyFor(executor, userId)
  const open = (sealed: string) => unseal(key, userId, sealed) ?? ''
  let profile: UserProfile | undefined
  for (const event of events) {
    switch (event.type) {
      case 'UserRegistered':
        profile = {
          userId,
          email: open(event.data.email),
          firstName: open(event.data.firstName),
          lastName: open(event.data.lastName),
          avatarUrl: event.data.avatarUrl === null ? null : open(event.data.avatarUrl) || null,
          role: event.data.role,
          emailConfirmed: event.data.emailConfirmed,
          providers: [event.data.provider],
          createdAt: event.createdAt,
          lastLoginAt: null,
          erased: false,
        }
        break
      case 'ProfileUpdated':
        if (profile)
          profile = { ...profile, firstName: open(event.data.firstName), lastName: open(event.data.lastName) }
        break
      case 'UserSignedIn':
        if (profile) profile = { ...profile, lastLoginAt: event.createdAt }
        break
      default:
        break
    }
  }
  if (!profile) return undefined
  return {
    ...profile,
    role: state.role,
    emailConfirmed: state.emailConfirmed,
    providers: state.providers,
    erased: state.status === 'erased',
  }
}

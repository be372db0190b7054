import type { Kysely, Transaction } from 'kysely'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { EventStore, StoreTransaction } from '#events/store/event-store.ts'
import type { EventMetadata, StoredEvent } from '#events/store/types.ts'
import { decideUser, type UserCommand } from '#events/users/user-decider.ts'
import {
  evolveUser,
  initialUserState,
  userStreamId,
  type IdentityProvider,
  type UserEvent,
  type UserState,
} from '#events/users/user.ts'
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

export type LoadedUser = { state: UserState; version: number; events: (StoredEvent & UserEvent)[] }

export async function loadUser(store: EventStore, userId: string, executor?: Executor): Promise<LoadedUser> {
  const events = (await store.readStream(userStreamId(userId), executor ? { executor } : {})) as (StoredEvent &
    UserEvent)[]
  return { state: events.reduce(evolveUser, initialUserState), version: events.at(-1)?.streamPosition ?? 0, events }
}

/**
 * Decides a command on the account's current state and appends what it decided, at the version
 * it read: a concurrent change makes this fail with a ConcurrencyError instead of deciding on stale state.
 */
export async function handleUserCommand(
  tx: StoreTransaction,
  store: EventStore,
  userId: string,
  command: UserCommand,
  metadata: EventMetadata,
) {
  const loaded = await loadUser(store, userId, tx.db)
  const decided = decideUser(command, loaded.state)
  if (decided.length > 0)
    await tx.append(userStreamId(userId), loaded.version === 0 ? 'no_stream' : loaded.version, decided, metadata)
  return { before: loaded.state, decided, state: decided.reduce(evolveUser, loaded.state) }
}

/** Reads the profile from the account's events (strongly consistent, unlike the users view). */
export async function loadProfile(
  store: EventStore,
  userId: string,
  executor: Executor,
): Promise<UserProfile | undefined> {
  const { events, state } = await loadUser(store, userId, executor)
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

import type { Transaction, Updateable } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import { userEventDefinitions } from '#events/users/user.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'

export type UsersViewTable = {
  user_id: string
  email: string | null
  first_name: string | null
  last_name: string | null
  avatar_url: string | null
  role: 'user' | 'support'
  /** Comma-separated identity providers. */
  providers: string
  email_confirmed_at: Date | null
  created_at: Date
  last_login_at: Date | null
  sign_in_count: number
  status: 'active' | 'erased'
  erased_at: Date | null
}

const userEventTypes = userEventDefinitions.map((definition) => definition.type)

/**
 * The people who have accounts, as the dashboard and support see them. Personal fields are
 * unsealed here; once a person's key is erased they stay empty, even in a rebuild.
 */
export const usersViewProjection: Projection = {
  name: 'users_view',
  version: 1,
  eventTypes: userEventTypes,
  apply: async (trx, event) => {
    const userId = event.metadata.userId
    if (!userId) return
    if (!isEventOf(userEventDefinitions, event)) return
    const at = event.createdAt
    switch (event.type) {
      case 'UserRegistered': {
        const key = await keyFor(trx, userId)
        const open = (value: string | null) => (value === null ? null : (unseal(key, userId, value) ?? null))
        await trx
          .insertInto('users_view')
          .values({
            user_id: userId,
            email: open(event.data.email),
            first_name: open(event.data.firstName),
            last_name: open(event.data.lastName),
            avatar_url: open(event.data.avatarUrl),
            role: event.data.role,
            providers: event.data.provider,
            email_confirmed_at: event.data.emailConfirmed ? at : null,
            created_at: at,
            last_login_at: null,
            sign_in_count: 0,
            status: key ? 'active' : 'erased',
            erased_at: null,
          })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .execute()
        return
      }
      case 'EmailConfirmed':
        await update(trx, userId, { email_confirmed_at: at })
        return
      case 'UserSignedIn':
        await trx
          .updateTable('users_view')
          .set((eb) => ({ last_login_at: at, sign_in_count: eb('sign_in_count', '+', 1) }))
          .where('user_id', '=', userId)
          .execute()
        return
      case 'ProviderLinked':
      case 'PasswordChanged': {
        const provider = event.type === 'ProviderLinked' ? event.data.provider : 'password'
        const row = await trx
          .selectFrom('users_view')
          .select(['providers', 'email_confirmed_at'])
          .where('user_id', '=', userId)
          .executeTakeFirst()
        if (!row) return
        const providers = new Set(row.providers.split(','))
        providers.add(provider)
        const confirmedByReset =
          event.type === 'PasswordChanged' && event.data.via === 'reset' && !row.email_confirmed_at
        await update(trx, userId, {
          providers: [...providers].join(','),
          ...(confirmedByReset ? { email_confirmed_at: at } : {}),
        })
        return
      }
      case 'ProfileUpdated': {
        const key = await keyFor(trx, userId)
        await update(trx, userId, {
          first_name: unseal(key, userId, event.data.firstName) ?? null,
          last_name: unseal(key, userId, event.data.lastName) ?? null,
        })
        return
      }
      case 'UserErased':
        await update(trx, userId, {
          email: null,
          first_name: null,
          last_name: null,
          avatar_url: null,
          status: 'erased',
          erased_at: at,
        })
        return
      case 'RoleChanged':
        await update(trx, userId, { role: event.data.role })
        return
      case 'PasswordResetRequested':
      case 'SignedOutEverywhere':
      case 'AuthenticatorAdded':
      case 'AuthenticatorConfirmed':
      case 'AuthenticatorRenamed':
      case 'AuthenticatorRemoved':
      case 'AuthenticatorsRemovedBySupport':
      case 'RecoveryCodesIssued':
      case 'RecoveryCodeUsed':
      case 'SecondStepPassed':
      case 'SecondStepFailed':
        return
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  ...ownedTables({ table: 'users_view', key: 'user_id' }),
}

async function update(trx: Transaction<EventsDatabase>, userId: string, values: Updateable<UsersViewTable>) {
  await trx.updateTable('users_view').set(values).where('user_id', '=', userId).execute()
}

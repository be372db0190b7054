import { sql, type Selectable } from 'kysely'
import { keysFor, unseal } from '#events/pii/pii-vault.ts'
import { isEventOf } from '#events/store/event-definition.ts'
import { userEventDefinitions } from '#events/users/user.ts'
import type { Projection } from './projection.ts'
import { ownedTables } from './owned-tables.ts'
import { rowFoldApply, type RowFold } from './row-fold.ts'

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

type UserRow = Selectable<UsersViewTable>

/**
 * Each person's row, folded from their account events. Personal fields are unsealed with their key
 * (read once per batch); once the key is erased they stay empty, even in a rebuild.
 */
const usersFold: RowFold<UserRow, Map<string, Buffer>> = {
  keyOf: (event) => (isEventOf(userEventDefinitions, event) ? event.metadata.userId : undefined),
  context: (trx, events) =>
    keysFor(
      trx,
      events.flatMap((event) => event.metadata.userId ?? []),
    ),
  load: async (trx, keys) => {
    const rows = await trx.selectFrom('users_view').selectAll().where('user_id', 'in', keys).execute()
    return new Map(rows.map((row) => [row.user_id, row]))
  },
  evolve: (row, event, keys) => {
    const userId = event.metadata.userId
    if (!userId || !isEventOf(userEventDefinitions, event)) return row
    const key = keys.get(userId)
    const open = (value: string | null) => (value === null ? null : (unseal(key, userId, value) ?? null))
    const at = event.createdAt
    if (event.type === 'UserRegistered')
      return (
        row ?? {
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
        }
      )
    if (!row) return row
    switch (event.type) {
      case 'EmailConfirmed':
        return { ...row, email_confirmed_at: at }
      case 'UserSignedIn':
        return { ...row, last_login_at: at, sign_in_count: row.sign_in_count + 1 }
      case 'ProviderLinked':
      case 'PasswordChanged': {
        const providers = new Set(row.providers.split(','))
        providers.add(event.type === 'ProviderLinked' ? event.data.provider : 'password')
        const confirmedByReset =
          event.type === 'PasswordChanged' && event.data.via === 'reset' && !row.email_confirmed_at
        return { ...row, providers: [...providers].join(','), ...(confirmedByReset ? { email_confirmed_at: at } : {}) }
      }
      case 'ProfileUpdated':
        return { ...row, first_name: open(event.data.firstName), last_name: open(event.data.lastName) }
      case 'UserErased':
        return {
          ...row,
          email: null,
          first_name: null,
          last_name: null,
          avatar_url: null,
          status: 'erased',
          erased_at: at,
        }
      case 'RoleChanged':
        return { ...row, role: event.data.role }
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
        return row
      default: {
        const unknownEvent: never = event
        return unknownEvent
      }
    }
  },
  save: async (trx, rows) => {
    const time = (value: Date | null) => (value === null ? null : new Date(value).toISOString())
    await sql`insert into users_view (user_id, email, first_name, last_name, avatar_url, role, providers,
        email_confirmed_at, created_at, last_login_at, sign_in_count, status, erased_at)
      select * from unnest(
        ${rows.map((row) => row.user_id)}::text[],
        ${rows.map((row) => row.email)}::text[],
        ${rows.map((row) => row.first_name)}::text[],
        ${rows.map((row) => row.last_name)}::text[],
        ${rows.map((row) => row.avatar_url)}::text[],
        ${rows.map((row) => row.role)}::text[],
        ${rows.map((row) => row.providers)}::text[],
        ${rows.map((row) => time(row.email_confirmed_at))}::timestamptz[],
        ${rows.map((row) => time(row.created_at))}::timestamptz[],
        ${rows.map((row) => time(row.last_login_at))}::timestamptz[],
        ${rows.map((row) => row.sign_in_count)}::integer[],
        ${rows.map((row) => row.status)}::text[],
        ${rows.map((row) => time(row.erased_at))}::timestamptz[])
      on conflict (user_id) do update set email = excluded.email, first_name = excluded.first_name,
        last_name = excluded.last_name, avatar_url = excluded.avatar_url, role = excluded.role,
        providers = excluded.providers, email_confirmed_at = excluded.email_confirmed_at,
        last_login_at = excluded.last_login_at, sign_in_count = excluded.sign_in_count, status = excluded.status,
        erased_at = excluded.erased_at`.execute(trx)
  },
}

/** The people who have accounts, as the dashboard and support see them. */
export const usersViewProjection: Projection = {
  name: 'users_view',
  version: 1,
  eventTypes: userEventDefinitions.map((definition) => definition.type),
  ...rowFoldApply(usersFold),
  ...ownedTables({ table: 'users_view', key: 'user_id' }),
}

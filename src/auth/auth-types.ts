import type { Features } from '#app.catalog.ts'
import type { z } from 'zod'
import type { User } from '#server/accounts/account.types.ts'
import type { Subscription } from '#server/subscriptions/subscription.types.ts'
import type { authSettingsSchema } from '#server/trpc/schemas/accounts.ts'
import type { StoredTokens } from './token-storage.ts'

export type { Subscription, User }

export type Account = { user: User; subscription: Subscription; features: Features }
export type Session = Account & { tokens: StoredTokens }

/** Auth results are {success:false, error:message} on failure. */
export type AuthResult<T extends object = object> = ({ success: true } & T) | { success: false; error: string }

/**
 * A refused sign-in; `unconfirmed` when only the address's confirmation is missing (a new link can be
 * sent); `challengeToken` when the password was right and the account asks for a code (two-step sign-in).
 */
export type SignInResult =
  { success: true; session: Session } | { success: false; error: string; unconfirmed?: true; challengeToken?: string }

export type SignUpInput = { firstName: string; lastName: string; email: string; password: string }

export type SignUpOutcome = { session: Session | null; needsConfirmation: boolean; message?: string }

/** What a recovery link carries, read from the URL hash or query of /reset-password. */
export type RecoveryTokens = { accessToken: string; refreshToken: string }

export type AuthMode = 'embedded' | 'supabase'

export type AuthSettings = z.infer<typeof authSettingsSchema>

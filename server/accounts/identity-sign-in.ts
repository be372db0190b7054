import { randomUUID } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import { keyFor } from '#events/pii/pii-vault.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userMessages } from '#events/users/user-decider.ts'
import { deriveNames, type ProviderNameMetadata } from '#rules/oauth-names.ts'
import { actingAs, type RequestScope } from '#server/request-scope.ts'
import { accountOf } from './account-answer.ts'
import { registerUser } from './register-user.ts'
import { secondStepRequired, signInOrChallenge } from './second-step/sign-in-challenge.ts'
import { loadProfile } from './user-account.ts'

/** A person an identity provider has vouched for: who they are there, and their confirmed address. */
export type VerifiedIdentity = {
  /** The provider_identities key: which provider answered for providerUserId. */
  provider: 'supabase' | 'google-sandbox'
  providerUserId: string
  /** How the person signed in, as the account's history records it. */
  method: 'google' | 'supabase'
  /** Normalised. */
  email: string
  /**
   * Whether the provider proved the person holds `email`. Only a proven address opens an existing
   * account that this identity has never signed in to.
   */
  emailVerified: boolean
  names: ProviderNameMetadata
  avatarUrl: unknown
}

export const identityMessages = {
  addressTaken:
    'An account with this e-mail address already exists. Sign in with your e-mail and password instead; this test Google sign-in cannot prove the address is yours.',
} as const

/**
 * Signs in (creating the account on first visit) a person whose identity a provider has verified.
 * An account with the same address is the same person only when the provider confirmed the address.
 */
export async function signInWithIdentity(scope: RequestScope, identity: VerifiedIdentity) {
  const { runtime } = scope
  const { email, method } = identity
  const outcome = await commandUnit(runtime.store, async (tx) => {
    const linked = await tx.db
      .selectFrom('provider_identities')
      .select('user_id')
      .where('provider', '=', identity.provider)
      .where('provider_user_id', '=', identity.providerUserId)
      .executeTakeFirst()
    const sameAddress = linked
      ? undefined
      : await tx.db.selectFrom('user_emails').select('user_id').where('email', '=', email).executeTakeFirst()
    if (sameAddress && !identity.emailVerified) throw new DomainError('already-exists', identityMessages.addressTaken)
    const known = linked ?? sameAddress
    const userId = known?.user_id ?? randomUUID()
    const metadata = actingAs(scope, userId).metadata()
    if (known) {
      const existingKey = await keyFor(tx.db, userId)
      if (!existingKey) throw new DomainError('erased', userMessages.erased)
    } else {
      const avatarUrl = identity.avatarUrl
      await registerUser(
        tx,
        {
          userId,
          email,
          ...deriveNames(identity.names, email),
          avatarUrl: typeof avatarUrl === 'string' && avatarUrl !== '' ? avatarUrl : null,
          provider: method,
          providerUserId: identity.providerUserId,
          emailConfirmed: true,
        },
        metadata,
      )
    }
    await tx.db
      .insertInto('provider_identities')
      .values({ provider: identity.provider, provider_user_id: identity.providerUserId, user_id: userId })
      .onConflict((c) => c.columns(['provider', 'provider_user_id']).doNothing())
      .execute()
    const signedIn = await signInOrChallenge(
      tx,
      runtime,
      { userId, method, providerUserId: identity.providerUserId },
      metadata,
    )
    if (signedIn.kind === 'challenge') return signedIn
    return { ...signedIn, profile: await loadProfile(runtime.store, userId, tx.db) }
  })
  if (outcome.kind === 'challenge') return secondStepRequired(outcome.challenge)
  const { profile, tokens } = outcome
  if (!profile) throw new Error('Signed-in account has no profile')
  return { ...(await accountOf(runtime, runtime.db, profile)), tokens }
}

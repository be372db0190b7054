import { DomainError } from '#events/domain-error.ts'
import { commandUnit } from '#events/store/command-handler.ts'
import { userCommands } from '#events/users/user-decider.ts'
import {
  createSupabaseTokenVerifier,
  SupabaseTokenError,
  type SupabaseTokenVerifier,
  type VerifiedSupabaseUser,
} from '#server/accounts/tokens/supabase-token-verifier.ts'
import { actingAs, type RequestScope } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { normalizeEmail } from './normalize-email.ts'
import { revokeAllRefreshTokens } from './tokens/refresh-tokens.ts'
import { signInWithIdentity } from './identity-sign-in.ts'

export const providerMessages = {
  notConfigured: 'Sign-in through Supabase is not configured on this server. Use email and password instead.',
  unverified: 'OAuth authentication failed: the sign-in could not be verified. Please sign in again.',
  emailMismatch: 'OAuth authentication failed: the email does not match the signed-in account.',
  secondStep:
    'Enter the 6-digit code from your authenticator app: verify it at Supabase (POST /auth/v1/factors/{factorId}/challenge, then …/verify) and sign in with the aal2 token it gives.',
} as const

export type ProviderDetails = {
  firstName?: string | null | undefined
  lastName?: string | null | undefined
  fullName?: string | null | undefined
  avatarUrl?: string | null | undefined
}

const verifiers = new WeakMap<Runtime, SupabaseTokenVerifier>()

function verifierFor(runtime: Runtime): SupabaseTokenVerifier {
  const settings = runtime.config.auth.supabase
  if (!settings) throw new DomainError('not-configured', providerMessages.notConfigured)
  let verifier = verifiers.get(runtime)
  if (!verifier) {
    verifier = createSupabaseTokenVerifier({
      url: settings.url,
      anonKey: settings.anonKey,
      jwtSecret: settings.jwtSecret,
      clock: runtime.clock,
    })
    verifiers.set(runtime, verifier)
  }
  return verifier
}

async function verify(runtime: Runtime, token: string): Promise<VerifiedSupabaseUser> {
  try {
    return await verifierFor(runtime).verify(token)
  } catch (error) {
    if (error instanceof SupabaseTokenError) throw new DomainError('invalid-token', providerMessages.unverified)
    throw error
  }
}

/**
 * Signs in (creating the account on first visit) from a Supabase access token that we verify
 * ourselves. Identity comes only from the verified token: names from the browser are used for a
 * new account's profile, never to decide who the person is.
 */
export async function signInWithSupabase(
  scope: RequestScope,
  input: { token: string; claimedEmail?: string | undefined; details: ProviderDetails },
) {
  const { runtime } = scope
  const verified = await verify(runtime, input.token)
  const email = normalizeEmail(verified.email)
  if (input.claimedEmail !== undefined && normalizeEmail(input.claimedEmail) !== email) {
    throw new DomainError('invalid-token', providerMessages.emailMismatch)
  }
  if (!verified.emailConfirmed)
    throw new DomainError(
      'email-not-confirmed',
      'Please confirm your email address first. Check your inbox for the link.',
    )
  // Supabase keeps this mode's factors: a session that has not passed one is refused as the embedded challenge would be.
  const [factorId] = verified.verifiedFactorIds
  if (factorId !== undefined && verified.aal !== 'aal2')
    throw new DomainError('mfa-required', providerMessages.secondStep, { factorId })
  return signInWithIdentity(scope, {
    provider: 'supabase',
    providerUserId: verified.id,
    method: verified.provider === 'google' ? 'google' : 'supabase',
    email,
    emailVerified: true,
    names: {
      first_name: input.details.firstName ?? verified.userMetadata.first_name,
      last_name: input.details.lastName ?? verified.userMetadata.last_name,
      full_name: input.details.fullName ?? verified.userMetadata.full_name ?? verified.userMetadata.name,
    },
    avatarUrl: input.details.avatarUrl ?? verified.userMetadata.avatar_url ?? verified.userMetadata.picture ?? null,
  })
}

/**
 * Records a password reset done at Supabase (its recovery session's token proves it). Supabase
 * keeps the password; we keep the event and end the person's sessions here.
 */
export async function recordSupabasePasswordReset(scope: RequestScope, token: string) {
  const { runtime } = scope
  const verified = await verify(runtime, token)
  const known = await runtime.db
    .selectFrom('provider_identities')
    .select('user_id')
    .where('provider', '=', 'supabase')
    .where('provider_user_id', '=', verified.id)
    .executeTakeFirst()
  if (!known) return { reset: true as const }
  await commandUnit(runtime.store, async (tx) => {
    // The recovery session's token proves who resets.
    const person = actingAs(scope, known.user_id)
    await userCommands.handle(tx, known.user_id, { type: 'ChangePassword', via: 'reset' }, person.metadata())
    await revokeAllRefreshTokens(tx.db, known.user_id, runtime.clock)
  })
  return { reset: true as const }
}

import { createHash, timingSafeEqual } from 'node:crypto'
import { DomainError } from '#events/domain-error.ts'
import type { RequestScope } from '#server/request-scope.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { signInWithIdentity } from './identity-sign-in.ts'
import { normalizeEmail } from './normalize-email.ts'
import { hashOpaqueToken, newOpaqueToken } from './tokens/opaque-tokens.ts'

/** Long enough to click through the callback, short enough that a leaked code is worthless. */
const codeLifetimeMs = 2 * 60_000

export const sandboxGoogleMessages = {
  off: 'The sandbox Google sign-in is only available in development without Supabase.',
  unverified: 'OAuth authentication failed: the sign-in could not be verified. Please sign in again.',
} as const

function requireSandbox(runtime: Runtime) {
  if (!runtime.config.auth.googleSandbox) throw new DomainError('not-configured', sandboxGoogleMessages.off)
}

/** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/**
 * The consent screen's answer: a one-time code for the chosen test account, bound to the browser's
 * PKCE challenge. The code itself is returned once and only its hash is stored.
 */
export async function authorizeSandboxGoogle(
  scope: RequestScope,
  input: { email: string; fullName: string; challenge: string },
) {
  const { runtime } = scope
  requireSandbox(runtime)
  const now = runtime.clock.now()
  const { token: code, hash } = newOpaqueToken()
  await runtime.db.deleteFrom('sandbox_identity_codes').where('expires_at', '<=', now).execute()
  await runtime.db
    .insertInto('sandbox_identity_codes')
    .values({
      code_hash: hash,
      challenge: input.challenge,
      email: normalizeEmail(input.email),
      full_name: input.fullName.trim(),
      expires_at: new Date(now.getTime() + codeLifetimeMs),
    })
    .execute()
  return { code }
}

/** Exchanges a code once, with the verifier only the browser that asked for it holds, for a session. */
export async function exchangeSandboxGoogleCode(scope: RequestScope, input: { code: string; verifier: string }) {
  const { runtime } = scope
  requireSandbox(runtime)
  const grant = await runtime.db
    .deleteFrom('sandbox_identity_codes')
    .where('code_hash', '=', hashOpaqueToken(input.code))
    .where('expires_at', '>', runtime.clock.now())
    .returning(['challenge', 'email', 'full_name'])
    .executeTakeFirst()
  if (!grant || !sameText(challengeOf(input.verifier), grant.challenge)) {
    throw new DomainError('invalid-token', sandboxGoogleMessages.unverified)
  }
  return signInWithIdentity(scope, {
    provider: 'google-sandbox',
    providerUserId: grant.email,
    method: 'google',
    email: grant.email,
    names: { full_name: grant.full_name },
    avatarUrl: null,
  })
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

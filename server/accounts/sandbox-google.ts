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
  off: 'The test Google sign-in is only available in development, on the computer running Interview Helper.',
  unverified: 'OAuth authentication failed: the sign-in could not be verified. Please sign in again.',
} as const

/** Who is asking: the sandbox hands out sessions for any typed address, so only this machine may ask. */
export type SandboxCaller = { fromLoopback: boolean }

function requireSandbox(runtime: Runtime, caller: SandboxCaller) {
  if (!runtime.config.auth.googleSandbox || !caller.fromLoopback)
    throw new DomainError('not-configured', sandboxGoogleMessages.off)
}

/** Whether this caller is offered the sandbox (the sign-in settings' flag): the same rule as above. */
export function sandboxGoogleOffered(runtime: Runtime, caller: SandboxCaller): boolean {
  return runtime.config.auth.googleSandbox && caller.fromLoopback
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
  caller: SandboxCaller,
) {
  const { runtime } = scope
  requireSandbox(runtime, caller)
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
export async function exchangeSandboxGoogleCode(
  scope: RequestScope,
  input: { code: string; verifier: string },
  caller: SandboxCaller,
) {
  const { runtime } = scope
  requireSandbox(runtime, caller)
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
    // Typed on the consent screen, never proven: it must not open an account that already has this address.
    emailVerified: false,
    names: { full_name: grant.full_name },
    avatarUrl: null,
  })
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

import { DomainError } from '#events/domain-error.ts'
import type { Runtime } from '#server/runtime.types.ts'

export const embeddedOnlyMessage = (what: string) =>
  `${what} goes through Supabase on this server: use /auth/supabase-login with the Supabase access token.`

/** With Supabase configured, passwords live at Supabase: our own e-mail/password endpoints step aside. */
export function requireEmbeddedIdentity(runtime: Runtime, what: string) {
  if (runtime.config.auth.supabase) {
    throw new DomainError('not-configured', embeddedOnlyMessage(what))
  }
}

export const providerFactorsMessage =
  "Two-step sign-in is kept by Supabase on this server: enrol and verify factors with Supabase's MFA API (/auth/v1/factors), then sign in with /auth/supabase-login and the aal2 token."

/** With Supabase configured, Supabase keeps the factors too: the backend's own authenticators step aside. */
export function requireBackendFactors(runtime: Runtime) {
  if (runtime.config.auth.supabase) throw new DomainError('not-configured', providerFactorsMessage)
}

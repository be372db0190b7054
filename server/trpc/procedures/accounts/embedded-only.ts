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

import type { Account, AuthMode, AuthSettings } from './auth-types.ts'
import type { AuthFlows } from './flows/auth-flows.ts'
import type { AppClient } from './flows/embedded-flows.ts'
import { refreshTokens } from './token-refresh.ts'
import { clearTokens, hasStoredTokens, readAccessToken } from './token-storage.ts'
import { serverAnswered } from './trpc-errors.ts'

export type LoadedFlows = { flows: AuthFlows; mode: AuthMode; devMailbox: boolean }

/** Builds the flows of the mode the server runs in (the settings come with the server-rendered page). */
export async function loadFlows(client: AppClient, readSettings: () => Promise<AuthSettings>): Promise<LoadedFlows> {
  const settings = await readSettings().catch(() => null)
  if (settings?.mode === 'supabase' && settings.supabaseUrl && settings.supabaseAnonKey) {
    const [{ createSupabase }, { createSupabaseFlows }] = await Promise.all([
      import('./flows/supabase-client.ts'),
      import('./flows/supabase-flows.ts'),
    ])
    const supabase = await createSupabase(settings.supabaseUrl, settings.supabaseAnonKey)
    return { flows: createSupabaseFlows(client, supabase), mode: 'supabase', devMailbox: settings.devMailbox }
  }
  // Loaded when first needed, like Supabase's: the landing page's first load carries no sign-in code.
  const { createEmbeddedFlows } = await import('./flows/embedded-flows.ts')
  return {
    flows: createEmbeddedFlows(client, { googleSandbox: settings?.googleSandbox ?? false }),
    mode: 'embedded',
    devMailbox: settings?.devMailbox ?? false,
  }
}

/**
 * The signed-in account from stored tokens, or null. An expired access token is refreshed by the
 * client's link; tokens the server rejects are cleared, while a network failure keeps them for
 * the next visit.
 */
export async function restoreAccount(client: AppClient): Promise<Account | null> {
  if (!hasStoredTokens()) return null
  if (readAccessToken() === null && (await refreshTokens(null)) !== 'refreshed') return null
  try {
    return await client.accounts.validate.query()
  } catch (error) {
    if (serverAnswered(error)) clearTokens()
    return null
  }
}

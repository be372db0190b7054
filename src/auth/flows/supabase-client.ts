import type { SupabaseClient } from '@supabase/supabase-js'

/** Loaded only in supabase mode, so embedded mode never downloads the library. */
export async function createSupabase(url: string, anonKey: string): Promise<SupabaseClient> {
  const { createClient } = await import('@supabase/supabase-js')
  return createClient(url, anonKey, {
    // The product backend issues the app's tokens; the provider session only has to get us there.
    auth: { autoRefreshToken: false, persistSession: true, detectSessionInUrl: true, flowType: 'implicit' },
  })
}

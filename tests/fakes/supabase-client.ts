import { createClient } from '@supabase/supabase-js'
import type { FakeSupabase } from './supabase-auth-server.ts'

export const appOrigin = 'http://localhost:3000'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** The product's client options (implicit flow); in Node there is no URL to detect a session in. */
export function supabaseClient(fake: FakeSupabase, flowType: 'implicit' | 'pkce' = 'implicit') {
  return createClient(fake.url, fake.anonKey, {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      flowType,
      storage: memoryStorage(),
    },
  })
}

/** What a browser does with a link: follow the fake's redirects until it lands on the app. */
export async function followToApp(link: string): Promise<URL> {
  let url = new URL(link)
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === appOrigin) return url
    const response = await fetch(url, { redirect: 'manual' })
    const location = response.headers.get('location')
    if (!location)
      throw new Error(`${url.pathname} answered ${response.status} without a redirect: ${await response.text()}`)
    url = new URL(location, url)
  }
  throw new Error(`too many redirects, last ${url.toString()}`)
}

export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1))

export function oauthUrl(result: { data: { url: string | null }; error: unknown }): string {
  if (!result.data.url) throw new Error(`signInWithOAuth gave no URL: ${String(result.error)}`)
  return result.data.url
}

import type { RecoveryTokens } from './auth-types.ts'

/** What a recovery redirect may carry (sb marks Supabase's redirects); all of it leaves the address bar once read. */
const recoveryKeys = [
  'access_token',
  'refresh_token',
  'type',
  'expires_in',
  'expires_at',
  'token_type',
  'provider_token',
  'provider_refresh_token',
  'sb',
] as const

function tokensIn(params: URLSearchParams): RecoveryTokens | null {
  const accessToken = params.get('access_token')
  const refreshToken = params.get('refresh_token')
  if (!accessToken || !refreshToken || params.get('type') !== 'recovery') return null
  return { accessToken, refreshToken }
}

/** A recovery link: the hash or the query holds an access token, a refresh token and type=recovery. */
export function readRecoveryTokens(location: { hash: string; search: string }): RecoveryTokens | null {
  return (
    tokensIn(new URLSearchParams(location.hash.replace(/^#/, ''))) ?? tokensIn(new URLSearchParams(location.search))
  )
}

/** The same URL without the recovery parameters, so tokens do not linger in history or get shared. */
export function withoutRecoveryTokens(href: string): string {
  const url = new URL(href)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  for (const key of recoveryKeys) {
    url.searchParams.delete(key)
    hash.delete(key)
  }
  const rest = hash.toString()
  url.hash = rest === '' ? '' : `#${rest}`
  return url.toString()
}

export function stripRecoveryTokensFromAddressBar(): void {
  // Keep the router's own history state (its index and key) so back/forward still work.
  window.history.replaceState(window.history.state, '', withoutRecoveryTokens(window.location.href))
}

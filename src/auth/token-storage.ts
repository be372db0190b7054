/** Storage keys the desktop assistant reads too: they must keep these names. */
export const accessTokenKey = 'jwt_token'
export const refreshTokenKey = 'refresh_token'

export type StoredTokens = { accessToken: string; refreshToken: string }

type TokenChangeSource = 'this-tab' | 'other-tab'
type Listener = (source: TokenChangeSource) => void
const listeners = new Set<Listener>()

function storage(): Storage | null {
  try {
    // The DOM types promise localStorage, but server rendering runs where there is none.
    const { localStorage } = globalThis as { localStorage?: Storage }
    return localStorage ?? null
  } catch {
    // Storage can be blocked (privacy modes, sandboxed frames): act signed out.
    return null
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function readAccessToken(): string | null {
  return read(accessTokenKey)
}

export function readRefreshToken(): string | null {
  return read(refreshTokenKey)
}

export function hasStoredTokens(): boolean {
  return readAccessToken() !== null || readRefreshToken() !== null
}

export function writeTokens(tokens: StoredTokens): void {
  try {
    storage()?.setItem(accessTokenKey, tokens.accessToken)
    storage()?.setItem(refreshTokenKey, tokens.refreshToken)
  } catch {
    // A full or blocked storage leaves the session in memory only: it ends with the tab.
  }
  notify('this-tab')
}

export function clearTokens(): void {
  try {
    storage()?.removeItem(accessTokenKey)
    storage()?.removeItem(refreshTokenKey)
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify('this-tab')
}

/** Called whenever this tab or another tab changes the stored tokens. */
export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notify(source: TokenChangeSource): void {
  for (const listener of listeners) listener(source)
}

if (typeof window !== 'undefined') {
  // Another tab signing out (or refreshing) must be seen here too, or this tab keeps stale tokens.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === accessTokenKey || event.key === refreshTokenKey) notify('other-tab')
  })
}

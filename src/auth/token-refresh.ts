import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'
import { clearTokens, readAccessToken, readRefreshToken, writeTokens } from './token-storage.ts'
import { serverAnswered } from './trpc-errors.ts'

/** refreshed: new tokens are stored; rejected: the server refused and the tokens are gone; unavailable: try later. */
export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable'

let client: TRPCClient<AppRouter> | undefined
let inFlight: Promise<RefreshOutcome> | undefined

// Its own link chain, without the refresh-on-401 link: a refresh must never trigger a refresh.
function refreshClient(): TRPCClient<AppRouter> {
  client ??= createTRPCClient<AppRouter>({ links: [httpLink({ url: '/api/trpc' })] })
  return client
}

/**
 * Exchanges the stored refresh token for new tokens, once at a time. Refresh tokens rotate and
 * reusing a rotated one revokes the whole family, so parallel callers (in this tab and in other
 * tabs) must share one exchange: `staleAccessToken` is the token the caller saw rejected; when
 * the stored one differs, someone already refreshed and the caller simply retries.
 */
export function refreshTokens(staleAccessToken: string | null): Promise<RefreshOutcome> {
  if (readAccessToken() !== staleAccessToken && readAccessToken() !== null) return Promise.resolve('refreshed')
  inFlight ??= withCrossTabLock(() => exchange(staleAccessToken)).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

async function exchange(staleAccessToken: string | null): Promise<RefreshOutcome> {
  const current = readAccessToken()
  if (current !== null && current !== staleAccessToken) return 'refreshed'
  const refreshToken = readRefreshToken()
  if (!refreshToken) {
    clearTokens()
    return 'rejected'
  }
  try {
    const { tokens } = await refreshClient().accounts.refreshToken.mutate({ refreshToken })
    writeTokens(tokens)
    return 'refreshed'
  } catch (error) {
    if (!serverAnswered(error)) return 'unavailable'
    clearTokens()
    return 'rejected'
  }
}

async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return task()
  return locks.request('interview-helper.token-refresh', task)
}

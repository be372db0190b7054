import type { TRPCLink } from '@trpc/client'
import { observable, type Unsubscribable } from '@trpc/server/observable'
import type { AppRouter } from '#server/trpc/router.ts'
import { refreshTokens } from './token-refresh.ts'
import { readAccessToken } from './token-storage.ts'
import { errorCode } from './trpc-errors.ts'

/** Calls that hand out or drop tokens: a 401 there is the answer itself, not an expired session. */
const noRetryPaths = new Set([
  'accounts.login',
  'accounts.register',
  'accounts.logout',
  'accounts.refreshToken',
  'accounts.supabaseLogin',
  'accounts.oauthLogin',
  'accounts.changePassword',
])

/**
 * The access token lives 15 minutes. When a call made with one is rejected as UNAUTHORIZED, this
 * link refreshes the tokens once and repeats the call, so an expiry never reaches the user.
 */
export function refreshOnUnauthorizedLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | undefined
        let stopped = false
        const attempt = (isRetry: boolean) => {
          const sentWith = readAccessToken()
          subscription = next(op).subscribe({
            next: (result) => observer.next(result),
            complete: () => observer.complete(),
            error: (error) => {
              const retryable =
                !isRetry && sentWith !== null && errorCode(error) === 'UNAUTHORIZED' && !noRetryPaths.has(op.path)
              if (!retryable) {
                observer.error(error)
                return
              }
              void refreshTokens(sentWith).then((outcome) => {
                if (stopped) return
                if (outcome === 'refreshed') attempt(true)
                else observer.error(error)
              })
            },
          })
        }
        attempt(false)
        return () => {
          stopped = true
          subscription?.unsubscribe()
        }
      })
}

import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'
import { readAccessToken } from '#src/auth/token-storage.ts'
import type { AnalyticsEvent } from './categories.ts'

let client: TRPCClient<AppRouter> | undefined

// A separate client: analytics must never trigger a token refresh or wait in a batch with app calls.
function sinkClient(): TRPCClient<AppRouter> {
  client ??= createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: '/api/trpc',
        headers: (): Record<string, string> => {
          const token = readAccessToken()
          return token ? { authorization: `Bearer ${token}` } : {}
        },
      }),
    ],
  })
  return client
}

/** Our own event log: the default when no GA4 measurement id is set. */
export function sendToFirstParty(event: AnalyticsEvent): Promise<unknown> {
  return sinkClient().site.trackEvent.mutate(event)
}

import { createTRPCClient, httpBatchLink, unstable_localLink } from '@trpc/client'
import { createIsomorphicFn } from '@tanstack/react-start'
import { maxCallsPerBatch } from '#rules/api-batches.ts'
import { getRequest } from '@tanstack/react-start/server'
import { createContext } from '#server/trpc/context.ts'
import { appRouter, type AppRouter } from '#server/trpc/router.ts'
import { refreshOnUnauthorizedLink } from '#src/auth/refresh-link.ts'
import { readAccessToken } from '#src/auth/token-storage.ts'

/**
 * During SSR procedures run in-process against the incoming request (no HTTP call to ourselves);
 * in the browser they go to /api/trpc. The compiler drops the server branch from the client bundle.
 */
export const createTrpcClient = createIsomorphicFn()
  .server(() =>
    createTRPCClient<AppRouter>({
      links: [unstable_localLink({ router: appRouter, createContext: () => createContext({ request: getRequest() }) })],
    }),
  )
  .client(() =>
    createTRPCClient<AppRouter>({
      links: [
        refreshOnUnauthorizedLink(),
        httpBatchLink({
          url: '/api/trpc',
          maxItems: maxCallsPerBatch,
          headers: (): Record<string, string> => {
            const token = readAccessToken()
            return token ? { authorization: `Bearer ${token}` } : {}
          },
        }),
      ],
    }),
  )

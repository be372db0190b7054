import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '#server/trpc/router.ts'
import { createAuthGate } from './auth/auth-gate.ts'
import { DefaultCatchBoundary } from './components/default-catch-boundary.tsx'
import { NotFound } from './components/not-found.tsx'
import { routeTree } from './routeTree.gen.ts'
import { createTrpcClient } from './trpc/client.ts'
import { TRPCProvider } from './trpc/react.ts'
import { routerSsrOptions } from './security/ssr-nonce-functions.ts'

/** Called once per request on the server and once in the browser. */
export function getRouter() {
  // Without a stale time the browser refetches everything SSR just delivered, right after hydration.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
  const trpcClient = createTrpcClient()
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, auth: createAuthGate() },
    defaultPreload: 'intent',
    scrollRestoration: true,
    ssr: routerSsrOptions(),
    defaultErrorComponent: DefaultCatchBoundary,
    defaultNotFoundComponent: NotFound,
    Wrap: ({ children }) => (
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    ),
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only with an interface
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}

/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { ReactNode } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import type { AuthGate } from '#src/auth/auth-gate.ts'
import { AuthProvider } from '#src/auth/auth-provider.tsx'
import { AppLayout } from '#src/components/app-layout.tsx'
import appCss from '#src/styles/app.css?url'
import { themeScript } from '#src/theme/theme-script.ts'
import { sessionHintScript } from '#src/auth/session-hint.ts'

export type RouterContext = { queryClient: QueryClient; trpc: TRPCOptionsProxy<AppRouter>; auth: AuthGate }

export const Route = createRootRouteWithContext<RouterContext>()({
  // No route matched: the root itself shows the 404 page, and the tab should say so.
  head: ({ match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: match._notFound ? 'Page Not Found | Interview Helper' : 'Interview Helper' },
      { name: 'description', content: 'An AI assistant at your side during live job interviews.' },
      { name: 'theme-color', content: '#5e6ad2' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      // Installable: the live interview opens in a window of its own.
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'apple-touch-icon', href: '/icon-192.png' },
    ],
  }),
  // The auth mode decides how every page signs in; it rides along with the server-rendered HTML.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient
        .query({ ...context.trpc.accounts.signInSettings.queryOptions(), staleTime: 'static' })
        .catch(() => null),
      context.queryClient
        .query({ ...context.trpc.site.settings.queryOptions(), staleTime: 'static' })
        .catch(() => null),
    ]),
  shellComponent: RootDocument,
  component: Outlet,
})

function RootDocument({ children }: { children: ReactNode }) {
  // The page's CSP runs inline scripts with this answer's nonce only; the browser hides the value, hence no hydration check.
  const nonce = useRouter().options.ssr?.nonce
  return (
    // The theme script sets classes on both before React hydrates them.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: sessionHintScript }} />
        <HeadContent />
      </head>
      <body suppressHydrationWarning>
        <AuthProvider>
          <AppLayout>{children}</AppLayout>
        </AuthProvider>
        <Scripts />
      </body>
    </html>
  )
}

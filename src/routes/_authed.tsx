import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { DefaultCatchBoundary } from '#src/components/default-catch-boundary.tsx'
import { PageSpinner } from '#src/components/spinner.tsx'

/**
 * The signed-in pages' layout. Sign-in tokens live in the browser, so the check runs there
 * (`ssr: false`): the server sends the spinner, and `beforeLoad` waits for the stored tokens'
 * check, then sends a visitor who is not signed in to /login, remembering the page asked for.
 */
export const Route = createFileRoute('/_authed')({
  ssr: false,
  beforeLoad: async ({ context, location }) => {
    // `throw: true`: the router throws its own redirect (a Response, not an Error).
    if (!(await context.auth.signedIn()))
      redirect({ to: '/login', replace: true, state: { from: location.href }, throw: true })
  },
  pendingComponent: PageSpinner,
  errorComponent: DefaultCatchBoundary,
  component: Outlet,
})

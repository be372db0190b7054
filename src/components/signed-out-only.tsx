import { useRouter } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { PageSpinner } from './spinner.tsx'

type RouteGuardProps = { children: ReactNode; requireSubscription?: boolean }

/** Guards signed-in pages, and optionally those that need an active subscription. */
export function RouteGuard({ children, requireSubscription = false }: RouteGuardProps) {
  const { loading, user, subscription } = useAuth()
  if (loading) return <PageSpinner />
  if (!user) return <RedirectToSignIn />
  if (requireSubscription && !subscription?.isActive) return <RedirectTo href="/pricing" />
  return <>{children}</>
}

/**
 * Redirects once, from an effect with stable inputs. <Navigate> re-navigates whenever its props
 * change, and the location it would carry changes as soon as the navigation starts: a loop.
 */
function RedirectTo({ href, from }: { href: string; from?: string }) {
  const router = useRouter()
  useEffect(() => {
    void router.navigate({ href, replace: true, ...(from ? { state: { from } } : {}) })
  }, [router, href, from])
  return <PageSpinner />
}

function RedirectToSignIn() {
  const router = useRouter()
  // The page asked for, remembered as it was when the guard turned the visitor away.
  const [from] = useState(() => router.state.location.href)
  return <RedirectTo href="/login" from={from} />
}

/**
 * For /login and /signup: someone already signed in when the page opens goes to the dashboard.
 * Decided once, when the stored session is known, so a sign-in made on the page itself keeps
 * its own destination.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth()
  const [alreadySignedIn, setAlreadySignedIn] = useState<boolean | null>(null)
  if (alreadySignedIn === null && !loading) setAlreadySignedIn(user !== null)
  if (alreadySignedIn) return <RedirectTo href="/dashboard" />
  return <>{children}</>
}

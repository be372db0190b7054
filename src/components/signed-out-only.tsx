import { useRouter } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { PageSpinner } from './spinner.tsx'

/**
 * Redirects once, from an effect with stable inputs. <Navigate> re-navigates whenever its props
 * change, and the location it would carry changes as soon as the navigation starts: a loop.
 */
function RedirectTo({ href }: { href: string }) {
  const router = useRouter()
  useEffect(() => {
    void router.navigate({ href, replace: true })
  }, [router, href])
  return <PageSpinner />
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

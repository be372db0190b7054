import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'

/** Signs out and lands on the home page. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { signOut, signingOut } = useAuth()
  const router = useRouter()
  const signOutAndLeave = useCallback(async () => {
    const signedOut = signOut()
    // Leave signed-in pages first, so their guard does not send the user to /login on the way out.
    await router.navigate({ to: '/' })
    await signedOut
  }, [signOut, router])
  return { signOut: signOutAndLeave, signingOut }
}

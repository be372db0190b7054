import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'

/** Signs out and lands on the home page, which shows `notice` when one is given. */
export function useSignOut(): { signOut: (notice?: string) => Promise<void>; signingOut: boolean } {
  const { signOut, signingOut } = useAuth()
  const router = useRouter()
  const signOutAndLeave = useCallback(
    async (notice?: string) => {
      // Leave signed-in pages first, so their guard does not send the user to /login on the way out
      // (a guard still mounted when the user is gone redirects, and takes the notice with it).
      await router.navigate({ to: '/', state: notice === undefined ? {} : { notice } })
      await signOut()
    },
    [signOut, router],
  )
  return { signOut: signOutAndLeave, signingOut }
}

import { useAuth } from '#src/auth/auth-context.ts'

/** The sign-up calls to action lead to /dashboard when signed in, otherwise to /signup. */
export function useSignUpTarget(): '/dashboard' | '/signup' {
  const { user } = useAuth()
  return user ? '/dashboard' : '/signup'
}

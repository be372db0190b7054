import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { timers } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { useRedirectAfter } from '#src/auth/use-redirect-after.ts'
import { StatusView } from '#src/components/auth/status-view.tsx'

export const Route = createFileRoute('/auth/callback')({
  head: () => ({ meta: [{ title: 'Signing In | Interview Helper' }] }),
  component: AuthCallbackPage,
})

type State = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string }

/** Google sign-in: where the provider sends the browser back to. */
function AuthCallbackPage() {
  const { oauthLogin } = useAuth()
  const [state, setState] = useState<State>({ status: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void oauthLogin().then((result) =>
      setState(result.success ? { status: 'success' } : { status: 'error', message: result.error }),
    )
  }, [oauthLogin])

  useRedirectAfter(
    state.status === 'success' ? '/dashboard' : state.status === 'error' ? '/login' : null,
    state.status === 'success' ? timers.callbackSuccess : timers.callbackError,
  )

  if (state.status === 'loading') {
    return (
      <StatusView status="loading" title="Completing Sign In">
        Please wait while we finish signing you in…
      </StatusView>
    )
  }
  if (state.status === 'success') {
    return (
      <StatusView status="success" title="Welcome!">
        You are signed in. Taking you to your dashboard…
      </StatusView>
    )
  }
  return (
    <StatusView status="error" title="Authentication Failed">
      <p role="alert">{state.message}</p>
      <p className="mt-2">Taking you back to sign in…</p>
    </StatusView>
  )
}

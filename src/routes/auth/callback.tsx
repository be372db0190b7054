import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { timers } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { useRedirectAfter } from '#src/auth/use-redirect-after.ts'
import { AuthCard } from '#src/components/auth/auth-card.tsx'
import { SecondStepForm } from '#src/components/auth/second-step-form.tsx'
import { StatusView } from '#src/components/auth/status-view.tsx'

export const Route = createFileRoute('/auth/callback')({
  head: () => ({ meta: [{ title: 'Signing In | Interview Helper' }] }),
  component: AuthCallbackPage,
})

type State =
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; message: string }
  // Google vouched for the person, and the account asks for a code too.
  | { status: 'second-step'; challengeToken: string }

/** Google sign-in: where the provider sends the browser back to. */
function AuthCallbackPage() {
  const { oauthLogin, verifySecondStep } = useAuth()
  const [state, setState] = useState<State>({ status: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void oauthLogin().then((result) => {
      if (result.success) setState({ status: 'success' })
      else if ('challengeToken' in result && result.challengeToken)
        setState({ status: 'second-step', challengeToken: result.challengeToken })
      else setState({ status: 'error', message: result.error })
    })
  }, [oauthLogin])

  useRedirectAfter(
    state.status === 'success' ? '/dashboard' : state.status === 'error' ? '/login' : null,
    state.status === 'success' ? timers.callbackSuccess : timers.callbackError,
  )

  if (state.status === 'second-step') {
    return (
      <AuthCard title="Welcome back" subtitle="One more step to sign in with Google.">
        <SecondStepForm
          verify={async (code) => {
            const result = await verifySecondStep(state.challengeToken, code)
            if (!result.success) return result.error
            setState({ status: 'success' })
            return null
          }}
          onCancel={() => setState({ status: 'error', message: 'Sign-in was cancelled.' })}
        />
      </AuthCard>
    )
  }
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

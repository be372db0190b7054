import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { timers } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { useRedirectAfter } from '#src/auth/use-redirect-after.ts'
import { StatusView } from '#src/components/auth/status-view.tsx'

export const Route = createFileRoute('/email-confirmed')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  head: () => ({ meta: [{ title: 'Confirm Email | Interview Helper' }] }),
  component: EmailConfirmedPage,
})

type State = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string }

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function EmailConfirmedPage() {
  const { confirmEmail } = useAuth()
  const { token } = Route.useSearch()
  const [state, setState] = useState<State>({ status: 'loading' })
  // A confirmation token works once: never send it twice, even if the effect runs again.
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      // Processing, then a 2 s wait (the provider finishes its session from the URL meanwhile).
      await wait(timers.emailConfirmationWait)
      const result = await confirmEmail(token ?? null)
      setState(result.success ? { status: 'success' } : { status: 'error', message: result.error })
    })()
  }, [confirmEmail, token])

  useRedirectAfter(
    state.status === 'loading' ? null : '/login',
    state.status === 'success' ? timers.emailConfirmationSuccessRedirect : timers.emailConfirmationErrorRedirect,
  )

  if (state.status === 'loading') {
    return (
      <StatusView status="loading" title="Confirming Email">
        Please wait while we confirm your e-mail address…
      </StatusView>
    )
  }
  if (state.status === 'success') {
    return (
      <StatusView status="success" title="Email Confirmed!">
        Your e-mail address is confirmed. Taking you to sign in…
      </StatusView>
    )
  }
  return (
    <StatusView status="error" title="Confirmation Failed">
      <p role="alert">{state.message}</p>
      <p className="mt-2">Taking you to sign in…</p>
    </StatusView>
  )
}

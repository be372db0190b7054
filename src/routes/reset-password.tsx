import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { timers } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { readRecoveryTokens, stripRecoveryTokensFromAddressBar } from '#src/auth/recovery-link.ts'
import { useRedirectAfter } from '#src/auth/use-redirect-after.ts'
import { NewPasswordForm } from '#src/components/auth/new-password-form.tsx'
import { RequestResetForm } from '#src/components/auth/request-reset-form.tsx'
import { ResetLinkSent } from '#src/components/auth/reset-link-sent.tsx'
import { StatusView } from '#src/components/auth/status-view.tsx'

export const Route = createFileRoute('/reset-password')({
  head: () => ({ meta: [{ title: 'Reset Password | Interview Helper' }] }),
  component: ResetPasswordPage,
})

type View =
  | { mode: 'request'; error: string | null }
  | { mode: 'sent'; message: string }
  | { mode: 'checking' }
  | { mode: 'reset' }
  | { mode: 'updated' }

function ResetPasswordPage() {
  const { beginPasswordRecovery } = useAuth()
  const [view, setView] = useState<View>({ mode: 'request', error: null })
  useRedirectAfter(view.mode === 'updated' ? '/login' : null, timers.resetRedirect)

  useEffect(() => {
    const tokens = readRecoveryTokens(window.location)
    if (!tokens) return
    // Before anything else: the tokens must not stay in the address bar or the history.
    stripRecoveryTokensFromAddressBar()
    setView({ mode: 'checking' })
    void beginPasswordRecovery(tokens).then((result) =>
      setView(result.success ? { mode: 'reset' } : { mode: 'request', error: result.error }),
    )
  }, [beginPasswordRecovery])

  switch (view.mode) {
    case 'sent':
      return <ResetLinkSent message={view.message} onTryAgain={() => setView({ mode: 'request', error: null })} />
    case 'checking':
      return <StatusView status="loading" title="Checking your reset link" />
    case 'reset':
      return (
        <NewPasswordForm
          onUpdated={() => setView({ mode: 'updated' })}
          onInvalidLink={(error) => setView({ mode: 'request', error })}
        />
      )
    case 'updated':
      return (
        <StatusView status="success" title="Password Updated!">
          Your password has been changed. Taking you to sign in…
        </StatusView>
      )
    case 'request':
      return (
        <RequestResetForm
          key={view.error ?? ''}
          initialError={view.error}
          onSent={(message) => setView({ mode: 'sent', message })}
        />
      )
  }
}

import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
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
  // A recovery link may carry its tokens in the hash, which never reaches the server: the server renders
  // the request form, and the flow starts over in the browser only when a link is opened, at load or later
  // in this tab. Without a link the form stays as hydrated, so what was typed into it is kept.
  const linksOpened = useLinksOpened()
  return <ResetPasswordFlow key={linksOpened === 0 ? 'form' : `link-${linksOpened}`} readsLink={linksOpened > 0} />
}

/**
 * Counts reset links opened in this tab: the one the page was loaded with, and any opened while it is
 * already on the page (only the hash changes then, so nothing reloads). Each one starts the flow over.
 */
function useLinksOpened(): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    const onChange = () => {
      if (readRecoveryTokens(window.location)) setCount((current) => current + 1)
    }
    onChange()
    window.addEventListener('hashchange', onChange)
    window.addEventListener('popstate', onChange)
    return () => {
      window.removeEventListener('hashchange', onChange)
      window.removeEventListener('popstate', onChange)
    }
  }, [])
  return count
}

function ResetPasswordFlow({ readsLink }: { readsLink: boolean }) {
  const { beginPasswordRecovery } = useAuth()
  const [recoveryTokens] = useState(() => (readsLink ? readRecoveryTokens(window.location) : null))
  const [view, setView] = useState<View>(recoveryTokens ? { mode: 'checking' } : { mode: 'request', error: null })
  useRedirectAfter(view.mode === 'updated' ? '/login' : null, timers.resetRedirect)
  // The link is checked once, even if the effect runs again.
  const started = useRef(false)

  useEffect(() => {
    if (!recoveryTokens || started.current) return
    started.current = true
    // Before anything else: the tokens must not stay in the address bar or the history.
    stripRecoveryTokensFromAddressBar()
    void beginPasswordRecovery(recoveryTokens).then((result) =>
      setView(result.success ? { mode: 'reset' } : { mode: 'request', error: result.error }),
    )
  }, [recoveryTokens, beginPasswordRecovery])

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

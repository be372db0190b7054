import { useEffect, useState } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SecondaryButton } from '#src/components/ui/form-buttons.tsx'

/** The server sends one link a minute per address; the button waits as long after a link is sent. */
const resendCooldownMs = 60_000

type ResendConfirmationProps = {
  email: string
  /** What the button says while a link can be asked for. */
  label: string
  /** What it says during the wait after a link is sent. */
  waitingLabel: string
}

/**
 * A new confirmation link for an address waiting to be confirmed: under a sign-in refused for that
 * reason, and on the view shown after sign-up, for when the first link never arrived.
 */
export function ResendConfirmation({ email, label, waitingLabel }: ResendConfirmationProps) {
  const { resendConfirmation } = useAuth()
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)

  useEffect(() => {
    if (!sent) return
    const timer = setTimeout(() => setSent(false), resendCooldownMs)
    return () => clearTimeout(timer)
  }, [sent])

  const resend = async () => {
    setBusy(true)
    const result = await resendConfirmation(email)
    setBusy(false)
    setSent(result.success)
    setAnswer(result.success ? { tone: 'info', text: result.message } : { tone: 'error', text: result.error })
  }

  return (
    <div className="mb-4">
      <SecondaryButton onClick={() => void resend()} disabled={busy || sent}>
        {busy ? 'Sending...' : sent ? waitingLabel : label}
      </SecondaryButton>
      <div className="mt-3">
        <FormAlert tone={answer?.tone === 'error' ? 'error' : 'info'}>{answer?.text}</FormAlert>
      </div>
    </div>
  )
}

import { useState } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SecondaryButton } from '#src/components/ui/form-buttons.tsx'

/** Under a sign-in refused for an unconfirmed address: the way out when the first link never arrived. */
export function ResendConfirmation({ email }: { email: string }) {
  const { resendConfirmation } = useAuth()
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)

  const resend = async () => {
    setBusy(true)
    const result = await resendConfirmation(email)
    setBusy(false)
    setAnswer(result.success ? { tone: 'info', text: result.message } : { tone: 'error', text: result.error })
  }

  return (
    <div className="mb-4">
      <SecondaryButton onClick={() => void resend()} disabled={busy}>
        {busy ? 'Sending...' : 'Send the link again'}
      </SecondaryButton>
      <div className="mt-3">
        <FormAlert tone={answer?.tone === 'error' ? 'error' : 'info'}>{answer?.text}</FormAlert>
      </div>
    </div>
  )
}

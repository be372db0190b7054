import { Link } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { validateResetRequest } from '#src/auth/validation.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { AuthCard } from './auth-card.tsx'

const errorId = 'reset-request-error'

/** Reset "request" mode: the e-mail a link is sent to. `initialError` carries a rejected link. */
export function RequestResetForm({
  initialError,
  onSent,
}: {
  initialError: string | null
  onSent: (message: string) => void
}) {
  const { resetPassword } = useAuth()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(initialError)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = validateResetRequest({ email })
    if (invalid) {
      setError(invalid)
      return
    }
    setError(null)
    setBusy(true)
    const result = await resetPassword(email)
    setBusy(false)
    if (!result.success) {
      setError(result.error || uiMessages.passwordResetFailed)
      return
    }
    onSent(result.message)
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to set a new password."
      footer={
        <Link to="/login" className="font-semibold text-brand hover:underline focus-ring">
          Back to Sign In
        </Link>
      }
    >
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          invalid={error !== null}
          errorId={errorId}
        />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  )
}

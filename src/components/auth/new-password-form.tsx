import { useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { validateNewPassword } from '#src/auth/validation.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { AuthCard } from './auth-card.tsx'

const errorId = 'new-password-error'

/** Reset "reset" mode: the new password and its confirmation. */
export function NewPasswordForm({
  onUpdated,
  onInvalidLink,
}: {
  onUpdated: () => void
  onInvalidLink: (message: string) => void
}) {
  const { updatePassword } = useAuth()
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = validateNewPassword({ password, confirmPassword })
    if (invalid) {
      setError(invalid)
      return
    }
    setError(null)
    setBusy(true)
    const result = await updatePassword(password)
    setBusy(false)
    if (result.success) {
      onUpdated()
      return
    }
    if (result.invalidLink) {
      onInvalidLink(result.error)
      return
    }
    setError(result.error || uiMessages.passwordUpdateFailed)
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a password you have not used here before.">
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          invalid={error !== null}
          errorId={errorId}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={setConfirmPassword}
          invalid={error !== null}
          errorId={errorId}
        />
        <p className="text-xs text-fg-muted">
          At least 8 characters with an uppercase letter, a lowercase letter and a number.
        </p>
        <SubmitButton busy={busy} busyLabel="Updating...">
          Update Password
        </SubmitButton>
      </form>
    </AuthCard>
  )
}

import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { primaryButton } from '#src/components/ui/form-styles.ts'
import { TextField } from '#src/components/ui/text-field.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { validatePasswordChange, type PasswordChangeForm } from './profile-rules.ts'

const empty: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** accounts.changePassword: the current password, then a new one under the sign-up strength rule. */
export function PasswordForm() {
  const trpc = useTRPC()
  const errorId = useId()
  const [form, setForm] = useState(empty)
  const [error, setError] = useState<string | null>(null)
  const [changed, setChanged] = useState(false)
  const change = useMutation(
    trpc.accounts.changePassword.mutationOptions({
      onSuccess: () => {
        setChanged(true)
        setForm(empty)
      },
      onError: (failure) => setError(errorMessage(failure, 'Your password could not be changed. Please try again.')),
    }),
  )
  const set = (field: keyof PasswordChangeForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }))
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    setChanged(false)
    const problem = validatePasswordChange(form)
    setError(problem)
    if (!problem) change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword })
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <FormAlert tone="success">
        {changed ? 'Your password was changed. Other devices were signed out.' : null}
      </FormAlert>
      <div className="grid gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onValueChange={set('currentPassword')}
          errorId={errorId}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onValueChange={set('newPassword')}
          errorId={errorId}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onValueChange={set('confirmPassword')}
          errorId={errorId}
        />
      </div>
      <p className="mt-2 text-xs text-fg-muted">At least 8 characters with 1 uppercase, 1 lowercase, and 1 number.</p>
      <button type="submit" className={`${primaryButton} mt-4`} disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change password'}
      </button>
    </form>
  )
}

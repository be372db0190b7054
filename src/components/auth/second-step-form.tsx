import { useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'

const errorId = 'second-step-error'

/**
 * The second step of a sign-in: the 6-digit code the authenticator app shows, or one of the
 * recovery codes. `verify` answers the refusal's words, or null once signed in. Recovery codes are
 * ours: with Supabase's factors (Supabase mode) there are none to offer.
 */
export function SecondStepForm({
  verify,
  onCancel,
}: {
  verify: (code: string) => Promise<string | null>
  onCancel: () => void
}) {
  const { mode } = useAuth()
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (code.trim() === '') {
      setError(recovery ? 'Please enter one of your recovery codes.' : 'Please enter the 6-digit code.')
      return
    }
    setError(null)
    setBusy(true)
    const refusal = await verify(code)
    setBusy(false)
    if (refusal) {
      setError(refusal)
      setCode('')
    }
  }

  return (
    <div>
      <h2 className="text-lg font-semibold text-fg">Two-step sign-in</h2>
      <p className="mt-1 text-sm text-fg-muted">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Interview Helper.'}
      </p>
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label={recovery ? 'Recovery code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 32 : 6}
          value={code}
          onValueChange={setCode}
          invalid={error !== null}
          errorId={errorId}
          autoFocus
        />
        <SubmitButton busy={busy} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-4 flex justify-between text-sm">
        {mode !== 'supabase' && (
          <button
            type="button"
            className="font-medium text-brand hover:underline focus-ring"
            onClick={() => {
              setRecovery(!recovery)
              setCode('')
              setError(null)
            }}
          >
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <button
          type="button"
          className="ml-auto font-medium text-fg-muted hover:underline focus-ring"
          onClick={onCancel}
        >
          Back to sign in
        </button>
      </div>
    </div>
  )
}

import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { primaryButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { CodeField } from '#src/components/ui/code-field.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { RecoveryCodes } from './recovery-codes.tsx'

/** A new set of recovery codes for a current code from the app; the old set stops working. */
export function RenewRecoveryCodes({ onChanged }: { onChanged: () => void }) {
  const trpc = useTRPC()
  const errorId = useId()
  const [asking, setAsking] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const renew = useMutation(
    trpc.accounts.regenerateRecoveryCodes.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: () => {
        setAsking(false)
        setCode('')
        onChanged()
      },
      onError: (failure) => setError(errorMessage(failure, 'New codes could not be made. Please try again.')),
    }),
  )
  if (renew.data) return <RecoveryCodes codes={renew.data.recoveryCodes} onDone={() => renew.reset()} />
  if (!asking)
    return (
      <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
        New recovery codes
      </button>
    )
  return (
    <form
      noValidate
      aria-label="New recovery codes"
      className="space-y-3"
      onSubmit={(event: SubmitEvent) => {
        event.preventDefault()
        renew.mutate({ code })
      }}
    >
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <p className="text-sm text-fg-body">Ten new codes replace your current ones: the old codes stop working.</p>
      <div className="flex flex-wrap items-end gap-3">
        <CodeField
          label="Current 6-digit code"
          value={code}
          onValueChange={setCode}
          invalid={error !== null}
          errorId={errorId}
        />
        <button type="submit" className={primaryButton} disabled={renew.isPending}>
          {renew.isPending ? 'Making codes...' : 'Make new codes'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}

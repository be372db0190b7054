import { Link } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { accountDeletionWarning } from '#rules/plan-lifecycle.ts'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { Dialog } from '#src/components/ui/dialog.tsx'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { deleteConfirmation } from './profile-rules.ts'
import { Button } from '#src/components/ui/button.tsx'

type Props = {
  open: boolean
  needsPassword: boolean
  /** The paid plan that ends with the account, if one is active. */
  endingPlan: string | null
  onClose: () => void
  onDeleted: () => void
}

export function DeleteAccountDialog({ open, needsPassword, endingPlan, onClose, onDeleted }: Props) {
  const trpc = useTRPC()
  const titleId = useId()
  const errorId = useId()
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const remove = useMutation(
    trpc.accounts.delete.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: onDeleted,
      onError: (failure) => setError(errorMessage(failure, 'Your account could not be deleted. Please try again.')),
    }),
  )

  const confirmed = typed === deleteConfirmation && (!needsPassword || password !== '')
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    if (!confirmed) return
    remove.mutate({ confirm: deleteConfirmation, ...(needsPassword ? { password } : {}) })
  }

  return (
    <Dialog open={open} onClose={onClose} dismissible={!remove.isPending} labelledBy={titleId} className="max-w-lg">
      <form onSubmit={submit} className="p-6" noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-danger-heading">
          Delete your account?
        </h2>
        <div className="mt-3 space-y-3 text-sm text-fg-body">
          <p>
            <strong>Erased for good:</strong> your name, e-mail address, password and sign-in methods, your interview
            questions, answers and saved context, and every session you are signed in with.
          </p>
          <p>
            <strong>Kept, with no name on them:</strong> your orders and payments, and anonymous usage counts.
          </p>
          {endingPlan && (
            <p>
              <strong>{accountDeletionWarning(endingPlan)}</strong>{' '}
              <Link to="/refunds" className="font-semibold text-accent underline">
                Read the policy
              </Link>
            </p>
          )}
          <p>This cannot be undone. We send a last e-mail to your address to confirm it.</p>
        </div>
        <div className="mt-4 space-y-4">
          <FormAlert id={errorId} tone="error">
            {error}
          </FormAlert>
          <TextField
            label={`Type ${deleteConfirmation} to confirm`}
            value={typed}
            onValueChange={setTyped}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            errorId={errorId}
          />
          {needsPassword && (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              errorId={errorId}
            />
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

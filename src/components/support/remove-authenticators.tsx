import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { Card } from '#src/components/ui/card.tsx'
import { dangerButton, inputClass, labelClass, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'

/** The server's own floor: the reason must say how the person was identified. */
const reasonMinLength = 10

/**
 * support.removeAuthenticators: turns a person's two-step sign-in off (every authenticator and
 * recovery code) once support has checked who they are; the reason is recorded in their timeline.
 */
export function RemoveAuthenticators({ userId }: { userId: string }) {
  const trpc = useTRPC()
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  // The timeline already shown is not read again behind the staff member's back: the event shows when it is next opened.
  const remove = useMutation(trpc.support.removeAuthenticators.mutationOptions())
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    remove.mutate({ userId, reason: reason.trim() })
  }
  return (
    <Card
      id={`${id}-heading`}
      title="Two-step sign-in"
      action={
        !asking && !remove.isSuccess ? (
          <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
            Remove authenticators
          </button>
        ) : undefined
      }
    >
      <p className="text-sm text-fg-muted">
        For a person who lost every authenticator and recovery code: only after checking who they are. Their
        authenticators and recovery codes go, every session of theirs ends, and your reason is recorded in their
        timeline.
      </p>
      {remove.isSuccess && (
        <p role="status" className="mt-3 text-sm font-medium text-fg-strong">
          Two-step sign-in is off for this person; their sessions have ended.
        </p>
      )}
      {asking && !remove.isSuccess && (
        <form onSubmit={submit} aria-label="Remove authenticators" className="mt-3 space-y-3">
          <div>
            <label htmlFor={`${id}-reason`} className={labelClass}>
              Reason (how you identified the person)
            </label>
            <input
              id={`${id}-reason`}
              className={inputClass}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              minLength={reasonMinLength}
              maxLength={500}
              required
              autoComplete="off"
            />
          </div>
          {remove.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(remove.error, 'The authenticators could not be removed')}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="submit"
              className={dangerButton}
              disabled={remove.isPending || reason.trim().length < reasonMinLength}
            >
              {remove.isPending ? 'Removing...' : 'Remove every authenticator'}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Card>
  )
}

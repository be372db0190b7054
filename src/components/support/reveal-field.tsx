import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { inputClass, labelClass, primaryButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { useTRPC } from '#src/trpc/react.ts'

/** support.revealField: one masked field, shown only once a reason is given; the server records the reveal. */
export function RevealField({ userId, eventId, field }: { userId: string; eventId: string; field: string }) {
  const trpc = useTRPC()
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const queryClient = useQueryClient()
  // The reveal is recorded: the readings list shows it without a Refresh.
  const reveal = useMutation(
    trpc.support.revealField.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.support.auditLog.queryKey() }),
    }),
  )
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    reveal.mutate({ userId, eventId, field, reason: reason.trim() })
  }
  if (reveal.isSuccess)
    return (
      <p className="text-sm" data-testid="revealed-value">
        <span className="font-mono text-gray-500">{field}</span>:{' '}
        {reveal.data.erased ? <em>[erased]</em> : <strong>{reveal.data.value}</strong>}
      </p>
    )
  if (!asking)
    return (
      <button type="button" className={secondaryButton} onClick={() => setAsking(true)}>
        Reveal {field}
      </button>
    )
  return (
    <form onSubmit={submit} aria-label={`Reveal ${field}`} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Reason for revealing {field}
        </label>
        <input
          id={`${id}-reason`}
          className={inputClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          minLength={3}
          maxLength={500}
          required
          autoComplete="off"
        />
      </div>
      <button type="submit" className={primaryButton} disabled={reveal.isPending || reason.trim().length < 3}>
        Reveal
      </button>
      {reveal.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(reveal.error, 'Could not reveal the field')}
        </p>
      )}
    </form>
  )
}

import { useEffect, useRef, type SyntheticEvent } from 'react'
import { useFocusReturn } from '#src/payments/use-focus-return.ts'
import { useFocusTrap } from '#src/payments/use-focus-trap.ts'
import type { ConfirmStep } from './plan-action.ts'

const focus = 'focus-ring'

type PlanChangeDialogProps = {
  step: ConfirmStep
  busy: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a plan change: what it does, when, and what is paid now. */
export function PlanChangeDialog({ step, busy, error, onConfirm, onClose }: PlanChangeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const notNowRef = useRef<HTMLButtonElement>(null)
  useFocusReturn()
  useFocusTrap(dialogRef)

  // Focus starts on "Not now": a stray Enter must never pay or change a plan.
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    notNowRef.current?.focus()
  }, [])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    if (!busy) onClose()
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="plan-change-title"
      aria-describedby="plan-change-details"
      onCancel={onCancel}
      onClose={() => {
        if (!busy) onClose()
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-0 text-gray-900 shadow-2xl backdrop:bg-gray-950/60 dark:text-gray-100"
    >
      <div className="border-b border-gray-100 px-5 py-4 dark:border-gray-800">
        <h2 id="plan-change-title" className="text-lg font-semibold">
          {step.title}
        </h2>
      </div>
      <div id="plan-change-details" className="space-y-3 px-5 py-4 text-sm text-gray-700 dark:text-gray-300">
        {step.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700 dark:bg-red-950/60 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-gray-100 px-5 py-4 sm:flex-row sm:justify-end dark:border-gray-800">
        <button
          ref={notNowRef}
          type="button"
          onClick={onClose}
          disabled={busy}
          className={`rounded-lg border border-gray-300 bg-surface px-4 py-2.5 text-sm font-semibold text-gray-700 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800 ${focus}`}
        >
          Not now
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand/90 disabled:cursor-not-allowed disabled:opacity-60 ${focus}`}
        >
          {step.confirmLabel}
        </button>
      </div>
    </dialog>
  )
}

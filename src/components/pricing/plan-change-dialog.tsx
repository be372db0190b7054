import { useRef } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog } from '#src/components/ui/dialog.tsx'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import type { ConfirmStep } from './plan-action.ts'

type PlanChangeDialogProps = {
  step: ConfirmStep
  busy: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}

/** Asks before a plan change: what it does, when, and what is paid now. */
export function PlanChangeDialog({ step, busy, error, onConfirm, onClose }: PlanChangeDialogProps) {
  // Focus starts on "Not now": a stray Enter must never pay or change a plan.
  const notNowRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      onClose={onClose}
      dismissible={!busy}
      labelledBy="plan-change-title"
      describedBy="plan-change-details"
      initialFocus={notNowRef}
      className="max-w-md"
    >
      <div className="border-b border-line px-5 py-4">
        <h2 id="plan-change-title" className="text-lg font-semibold">
          {step.title}
        </h2>
      </div>
      <div id="plan-change-details" className="space-y-3 px-5 py-4 text-sm text-fg-body">
        {step.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <div className="px-5">
        <FormAlert tone="error">{error}</FormAlert>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" ref={notNowRef} onClick={onClose} disabled={busy}>
          Not now
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {step.confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}

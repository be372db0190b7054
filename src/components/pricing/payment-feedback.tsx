import { useBroughtIntoView } from './use-brought-into-view.ts'

type PaymentFeedbackProps = { error: string | null; failed: boolean }

/**
 * Above the cards: the failure animation and the red error box. One live region, rendered even
 * when empty, so screen readers announce what appears in it. On a phone the cards stack far below
 * it, so whatever appears is also scrolled to and focused.
 */
export function PaymentFeedback({ error, failed }: PaymentFeedbackProps) {
  const shown = failed || error !== null
  const ref = useBroughtIntoView<HTMLDivElement>(shown ? `${String(failed)}:${error ?? ''}` : null)
  return (
    <div
      ref={ref}
      role="alert"
      aria-atomic="true"
      tabIndex={shown ? -1 : undefined}
      className="mx-auto max-w-3xl scroll-mt-24 focus:outline-none"
    >
      {failed && <FailureNotice />}
      {error && (
        <p
          data-testid="payment-error"
          className="mt-4 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-danger dark:border-red-900 dark:bg-red-950/60"
        >
          <span aria-hidden="true">✕</span>
          <span>{error}</span>
        </p>
      )}
    </div>
  )
}

function FailureNotice() {
  return (
    <div className="flex items-center justify-center gap-4 rounded-2xl border border-danger-line bg-surface p-4 shadow-sm motion-safe:transition motion-safe:duration-500 motion-safe:starting:scale-95 motion-safe:starting:opacity-0">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger-vivid"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </span>
      <div>
        <p className="text-lg font-semibold text-danger">Payment Failed</p>
        <p className="text-sm text-fg-muted">Please try again!</p>
      </div>
    </div>
  )
}

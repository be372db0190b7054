import type { Plan } from '#app.catalog.ts'
import type { PlanAction } from './plan-action.ts'
import { planPrices } from './price-display.ts'

type PlanCardProps = {
  plan: Plan
  action: PlanAction
  processing: boolean
  disabled: boolean
  /** The click cannot be decided yet (session or quote loading); the button stays focusable. */
  waiting: boolean
  onChoose: (plan: Plan) => void
}

const focus = 'focus-ring'

/** One plan: price, struck original price, saving, highlights and its call to action. */
export function PlanCard({ plan, action, processing, disabled, waiting, onChoose }: PlanCardProps) {
  const { price, originalPrice, savings } = planPrices(plan)
  const titleId = `plan-${plan.planId}-name`
  const noteId = `plan-${plan.planId}-note`
  return (
    <li
      data-plan={plan.planId}
      data-current={action.current || undefined}
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl border bg-surface p-6 shadow-sm lg:p-8 ${
        plan.mostPopular ? 'border-brand ring-2 ring-brand md:-translate-y-2 md:shadow-xl' : 'border-line'
      }`}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-white shadow">
          Most Popular
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-semibold text-fg">
          {plan.name}
        </h3>
        {action.current && (
          <p className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success ring-1 ring-green-600/20">
            Current plan
          </p>
        )}
      </div>
      <p className="mt-2 text-sm text-fg-muted">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-fg">{price}</span>
        <span className="text-base font-medium text-fg-muted">/mo</span>
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="sr-only">Original price:</span>
        <s className="text-fg-muted">{originalPrice}</s>
        <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
          Save {savings}%
        </span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-fg-body">
        {plan.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mt-0.5 size-4 shrink-0 text-brand"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 10.5l4 4 8-9" />
            </svg>
            <span>{highlight}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        // Waiting for the session or the quote keeps the button in the Tab order, as aria-disabled:
        // the server's HTML of a section that hydrates when scrolled near would otherwise be skipped.
        onClick={() => {
          if (!waiting) onChoose(plan)
        }}
        disabled={disabled || action.disabled}
        aria-disabled={waiting || undefined}
        aria-busy={processing || undefined}
        aria-describedby={action.note ? noteId : undefined}
        className={`mt-8 flex w-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-sm font-semibold shadow-sm transition disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${focus} ${
          plan.mostPopular
            ? 'bg-brand text-white hover:bg-brand/90'
            : 'border border-brand/40 bg-brand-subtle text-brand hover:bg-brand/10 dark:text-indigo-200 dark:hover:bg-brand/25'
        }`}
      >
        {processing && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current motion-reduce:animate-none"
          />
        )}
        {processing ? 'Processing...' : action.label}
      </button>
      {action.note && (
        <p id={noteId} className="mt-2 text-center text-xs text-fg-muted">
          {action.note}
        </p>
      )}
    </li>
  )
}

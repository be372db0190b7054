import type { Features } from '#app.catalog.ts'
import { Card } from '#src/components/ui/card.tsx'
import { featureChecklist } from './plan-features.ts'

/** The Plan Features checklist: what the user's plan includes, check or cross. */
export function PlanFeaturesCard({ features }: { features: Features }) {
  return (
    <Card id="plan-features-heading" title="Plan Features">
      <ul className="space-y-2.5">
        {featureChecklist(features).map((row) => (
          <li
            key={row.key}
            data-feature={row.key}
            data-included={row.included}
            className="flex items-start gap-3 text-sm"
          >
            {row.included ? <Check /> : <Cross />}
            <span className={row.included ? 'text-fg' : 'text-gray-500 line-through decoration-gray-400/60'}>
              {row.label}
              <span className="sr-only">{row.included ? ': included' : ': not included'}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function Check() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="mt-0.5 size-4 shrink-0 text-success-vivid"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  )
}

function Cross() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="mt-0.5 size-4 shrink-0 text-signal-stop"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  )
}

import { Link } from '@tanstack/react-router'
import { findPlan } from '#app.catalog.ts'
import type { UsageLimits } from '#src/interview/interview-types.ts'
import { formatLongDate } from '#src/lib/dates.ts'
import { Card } from '#src/components/ui/card.tsx'
import { UsageBar } from './usage-bar.tsx'

const link = 'font-semibold text-accent hover:underline focus-ring'

/** Interview usage: used and remaining of the current plan period. */
export function InterviewUsageCard({ usage }: { usage: UsageLimits }) {
  const { used, remaining, total } = usage.interviews
  const planName = findPlan(usage.planType)?.name
  return (
    <Card id="interview-usage-heading" title="Interview Usage">
      <p className="text-3xl font-bold text-fg" data-testid="usage-summary">
        {used} <span className="text-base font-medium text-fg-muted">of {total} interviews used</span>
      </p>
      <div className="mt-4">
        <UsageBar used={used} total={total} label="Interviews used this period" />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-fg-muted">Used</dt>
          <dd className="font-semibold text-fg" data-testid="usage-used">
            {used}
          </dd>
        </div>
        <div>
          <dt className="text-fg-muted">Remaining</dt>
          <dd className="font-semibold text-fg" data-testid="usage-remaining">
            {remaining}
          </dd>
        </div>
      </dl>
      {planName ? (
        <p className="mt-4 text-sm text-fg-muted">
          {planName} plan, {formatLongDate(usage.periodStart)} to {formatLongDate(usage.periodEnd)}.
          {usage.activeSessions > 0 &&
            ` ${usage.activeSessions} ${usage.activeSessions === 1 ? 'session is' : 'sessions are'} active now.`}
        </p>
      ) : (
        <p className="mt-4 text-sm text-fg-muted">
          Your plan includes no interviews.{' '}
          <Link to="/pricing" className={link}>
            Choose a plan
          </Link>{' '}
          to start.
        </p>
      )}
      {planName && remaining === 0 && (
        <p className="mt-2 text-sm text-fg-muted">
          You have used every interview of this period.{' '}
          <Link to="/pricing" className={link}>
            Upgrade your plan
          </Link>{' '}
          for more.
        </p>
      )}
    </Card>
  )
}

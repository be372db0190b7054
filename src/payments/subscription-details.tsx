import { formatLongDate } from '#src/lib/dates.ts'
import type { SubscriptionAnswer } from './checkout-types.ts'
import { StatusBadge } from './status-badge.tsx'
import { daysLeftLabel, planLabel, statusLabel, subscriptionStatusColor } from './subscription-display.ts'

type Subscription = SubscriptionAnswer['subscription']

/** The plan, its status in its colour, the period, days left and interviews included. */
export function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const rows: [string, string][] = [
    ['Billing cycle', statusLabel(subscription.billingCycle)],
    ['Period start', formatLongDate(subscription.currentPeriodStart)],
    ['Period end', formatLongDate(subscription.currentPeriodEnd)],
    ['Days left', daysLeftLabel(subscription)],
    ['Interviews included', String(subscription.interviewsIncluded)],
    ...(subscription.scheduledChange
      ? [
          [
            'Next plan',
            `${planLabel(subscription.scheduledChange.planType)} from ${formatLongDate(subscription.scheduledChange.effectiveAt)}`,
          ] satisfies [string, string],
        ]
      : []),
  ]
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-bold text-fg" data-testid="plan-name">
          {planLabel(subscription.planType)}
        </p>
        {/* Without a plan there is no status to show: a "None" badge would only repeat the name. */}
        {subscription.planType !== 'none' && (
          <StatusBadge color={subscriptionStatusColor(subscription.status)}>
            {statusLabel(subscription.status)}
          </StatusBadge>
        )}
      </div>
      <dl className="mt-4 grid gap-x-6 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          // A label keeps to one line; in a narrow column the value moves under it instead.
          <div key={label} className="flex flex-wrap justify-between gap-x-4 border-b border-line py-2.5">
            <dt className="text-sm whitespace-nowrap text-fg-muted">{label}</dt>
            <dd className="text-sm font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { plans } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { SubscriptionDetails } from '#src/payments/subscription-details.tsx'
import { useSubscription } from '#src/payments/use-subscription.ts'
import { Spinner } from '#src/components/spinner.tsx'

const focus = 'focus-ring'

/**
 * The dashboard's Current Plan card, with Refresh and Upgrade Plan (to /pricing). On the highest
 * plan there is nothing to upgrade to: the same link offers what pricing does then.
 */
export function CurrentPlanCard() {
  const subscription = useSubscription()
  const { refreshUser } = useAuth()
  const [refreshing, setRefreshing] = useState(false)

  const refresh = async () => {
    setRefreshing(true)
    try {
      // The route guard and the navigation read the plan from the session: keep both in step.
      await Promise.all([subscription.refetch(), refreshUser().catch(() => undefined)])
    } finally {
      setRefreshing(false)
    }
  }

  const noPlan = subscription.data?.subscription.planType === 'none'
  const onTopPlan =
    subscription.data?.subscription.isActive === true &&
    subscription.data.subscription.planType === plans.at(-1)?.planId
  return (
    <section
      aria-labelledby="current-plan-heading"
      aria-busy={refreshing || undefined}
      className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="current-plan-heading" className="text-lg font-semibold text-fg">
          Current Plan
        </h2>
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={refreshing}
          className={`inline-flex items-center gap-1.5 rounded-lg border border-control px-3 py-1.5 text-sm font-medium text-fg-control hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-60 ${focus}`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-4 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M16.5 10a6.5 6.5 0 1 1-1.9-4.6M16.5 3.5v3.5H13" />
          </svg>
          Refresh
        </button>
      </div>
      <div className="mt-4 flex-1">
        {subscription.isPending ? (
          <Spinner label="Loading your plan" className="py-6" />
        ) : subscription.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load your plan. Use Refresh to try again.
          </p>
        ) : (
          <>
            <SubscriptionDetails subscription={subscription.data.subscription} />
            {noPlan && (
              <p className="mt-4 text-sm text-fg-muted">
                You have no plan yet: upgrade to start practising with live answers.
              </p>
            )}
          </>
        )}
      </div>
      <Link
        to="/pricing"
        className={`mt-6 inline-flex items-center justify-center rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand/90 sm:self-start ${focus}`}
      >
        {onTopPlan ? 'Extend or Change Plan' : 'Upgrade Plan'}
      </Link>
    </section>
  )
}

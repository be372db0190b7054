import { createFileRoute } from '@tanstack/react-router'
import { useAuth } from '#src/auth/auth-context.ts'
import { AccountInfoCard } from '#src/components/dashboard/account-info-card.tsx'
import { Card } from '#src/components/ui/card.tsx'
import { CurrentPlanCard } from '#src/components/dashboard/current-plan-card.tsx'
import { DashboardLinks } from '#src/components/dashboard/dashboard-links.tsx'
import { DesktopGuide } from '#src/components/dashboard/desktop-guide.tsx'
import { InterviewUsageCard } from '#src/components/dashboard/interview-usage-card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { PlanFeaturesCard } from '#src/components/dashboard/plan-features-card.tsx'
import { ProTips } from '#src/components/dashboard/pro-tips.tsx'
import { useUsageLimits } from '#src/components/dashboard/use-usage-limits.ts'
import { PageSpinner } from '#src/components/spinner.tsx'
import { useSubscription } from '#src/payments/use-subscription.ts'

export const Route = createFileRoute('/_authed/dashboard')({
  head: () => ({ meta: [{ title: 'Dashboard | Interview Helper' }] }),
  component: Dashboard,
})

function Dashboard() {
  const { user, features: signInFeatures } = useAuth()
  const usage = useUsageLimits()
  const subscription = useSubscription()
  // One spinner until both the user and the usage limits are known.
  if (!user || usage.isPending) return <PageSpinner label="Loading your dashboard" />
  const features = subscription.data?.features ?? signInFeatures
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      {/* A name may be 50 letters without a space: it breaks rather than widen the page. */}
      <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-fg">
        Welcome back, {user.firstName || 'there'}!
      </h1>
      <p className="mt-2 text-fg-muted">Here is your account at a glance.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <CurrentPlanCard />
        {usage.isError ? (
          <Card id="interview-usage-heading" title="Interview Usage">
            <LoadError
              message={`Could not load your interview usage: ${usage.error.message}`}
              onRetry={() => void usage.refetch()}
              retrying={usage.isFetching}
            />
          </Card>
        ) : (
          <InterviewUsageCard usage={usage.data} />
        )}
      </div>
      <div className="mt-6">
        <DashboardLinks />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DesktopGuide />
        </div>
        <ProTips />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <PlanFeaturesCard features={features} />
        <AccountInfoCard user={user} />
      </div>
    </main>
  )
}

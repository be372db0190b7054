import { createFileRoute } from '@tanstack/react-router'
import { CurrentPlanCard } from '#src/components/dashboard/current-plan-card.tsx'
import { BillingHistory } from '#src/payments/billing-history.tsx'

export const Route = createFileRoute('/_authed/subscription')({
  head: () => ({ meta: [{ title: 'Subscription | Interview Helper' }] }),
  component: SubscriptionPage,
})

function SubscriptionPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Subscription</h1>
      <p className="mt-2 text-fg-muted">Your plan and every payment you made.</p>
      <div className="mt-8 space-y-8">
        <CurrentPlanCard />
        <BillingHistory />
      </div>
    </main>
  )
}

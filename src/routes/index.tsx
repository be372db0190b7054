import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { formatPaise } from '../lib/money.ts'
import { useTRPC } from '../trpc/react.ts'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.auth.plans.queryOptions()),
  component: Home,
})

function Home() {
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(trpc.auth.plans.queryOptions())
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Interview Helper</h1>
      <p className="mt-3 text-lg text-gray-600">Pick the plan that fits your job search. Billed monthly in INR.</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3" aria-label="Plans">
        {data.plans.map((plan) => (
          <li
            key={plan.planId}
            data-plan={plan.planId}
            className={`rounded-2xl border p-6 ${plan.mostPopular ? 'border-brand shadow-lg' : 'border-gray-200'}`}
          >
            {plan.mostPopular && <p className="text-sm font-semibold text-brand">Most Popular</p>}
            <h2 className="text-2xl font-semibold">{plan.name}</h2>
            <p className="mt-4">
              <span className="text-3xl font-bold">{formatPaise(plan.amount)}</span>
              <span className="text-gray-600">/mo</span>{' '}
              <s className="text-gray-400">{formatPaise(plan.originalAmount)}</s>
            </p>
            <p className="mt-2 text-gray-700">{plan.interviews} interviews per month</p>
          </li>
        ))}
      </ul>
    </main>
  )
}

import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { findPlan } from '#app.catalog.ts'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { PracticeList } from '../review/practice-list.tsx'
import { usePlanFeatures } from '../use-plan-features.ts'
import { ChartTable } from './chart-table.tsx'
import { progressCharts, type Insights } from './progress-series.ts'

// Recharts is fetched with the progress page's data, never with the pages that show no chart.
const ProgressChartDrawing = lazy(() => import('./progress-chart.tsx'))

const linkClass = 'font-semibold text-accent hover:underline focus-ring'

/** Progress across interviews, week by week, over the last 90 days (Pro). */
export function ProgressPage() {
  const features = usePlanFeatures()
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Your progress</h1>
      <p className="mt-2 text-fg-muted">Your interviews of the last 90 days, week by week.</p>
      {features.interviewAnalytics ? (
        <Progress />
      ) : (
        <p className="mt-6 rounded-2xl border border-accent-line bg-accent-subtle p-5 text-sm text-fg-body">
          Your progress across interviews comes with the {findPlan('pro')?.name ?? 'Pro'} plan.{' '}
          <Link to="/pricing" className={linkClass}>
            Upgrade to {findPlan('pro')?.name ?? 'Pro'}
          </Link>
        </p>
      )}
    </main>
  )
}

function Progress() {
  const trpc = useTRPC()
  const insights = useQuery({ ...trpc.interviews.insights.queryOptions({}), retry: false })
  if (insights.isPending) return <Spinner label="Loading your progress" className="py-10" />
  if (insights.isError)
    return (
      <div className="mt-6">
        <LoadError
          message={`Could not load your progress: ${insights.error.message}`}
          onRetry={() => void insights.refetch()}
          retrying={insights.isFetching}
        />
      </div>
    )
  return <ProgressView insights={insights.data} />
}

function ProgressView({ insights }: { insights: Insights }) {
  const { totals } = insights
  if (totals.sessions === 0)
    return (
      <p className="mt-6 text-fg-body">
        No ended interviews in these 90 days yet. Start one in the{' '}
        <Link to="/interview" className={linkClass}>
          practice console
        </Link>
        .
      </p>
    )
  const facts = [
    { label: 'Interviews', value: String(totals.sessions) },
    { label: 'Questions', value: String(totals.questions) },
    {
      label: 'Answered confidently',
      value: totals.confidentShare === null ? 'Not recorded' : `${Math.round(totals.confidentShare * 100)} %`,
    },
    {
      label: 'Your average rating',
      value: totals.averageRating === null ? 'Not rated yet' : `${totals.averageRating} of 5`,
    },
  ]
  return (
    <div className="mt-6 space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="progress-totals">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-xs text-fg-muted">{fact.label}</dt>
            <dd className="text-xl font-semibold text-fg">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {progressCharts(insights.weeks).map((chart) => (
        <section
          key={chart.id}
          aria-labelledby={`${chart.id}-heading`}
          className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id={`${chart.id}-heading`} className="text-lg font-semibold text-fg">
            {chart.title}
          </h2>
          <div className="mt-3 grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start [&>*]:min-w-0">
            <Suspense fallback={<div className="h-60" aria-hidden="true" />}>
              <ProgressChartDrawing chart={chart} />
            </Suspense>
            <ChartTable chart={chart} />
          </div>
        </section>
      ))}
      <PracticeList items={insights.practice} />
    </div>
  )
}

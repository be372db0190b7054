import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { SessionList } from '#src/components/interview/history/session-list.tsx'
import { UsagePeriodsCard } from '#src/components/interview/history/usage-periods-card.tsx'

type HistorySearch = { page?: number }

export const Route = createFileRoute('/_authed/history')({
  head: () => ({ meta: [{ title: 'Interview History | Interview Helper' }] }),
  validateSearch: (search: Record<string, unknown>): HistorySearch => {
    const page = Number(search.page)
    return Number.isInteger(page) && page > 1 ? { page } : {}
  },
  component: HistoryPage,
})

function HistoryPage() {
  const { page = 1 } = Route.useSearch()
  const navigate = useNavigate({ from: '/history' })
  const goTo = (next: number) => {
    void navigate({ search: next > 1 ? { page: next } : {} })
    window.scrollTo({ top: 0 })
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Interview History</h1>
          <p className="mt-2 text-fg-muted">Every session, newest first, with its questions, answers and timeline.</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/progress" className="text-sm font-semibold text-accent hover:underline focus-ring">
            See your progress
          </Link>
          <Link
            to="/interview"
            className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand/90 focus-ring"
          >
            Open the practice console
          </Link>
        </div>
      </div>
      <div className="mt-8">
        <UsagePeriodsCard />
      </div>
      <section aria-labelledby="sessions-heading" className="mt-8">
        <h2 id="sessions-heading" className="mb-4 text-xl font-semibold text-fg">
          Sessions
        </h2>
        <SessionList page={page} onPage={goTo} />
      </section>
    </main>
  )
}

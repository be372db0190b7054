import { Link } from '@tanstack/react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { Pagination } from './pagination.tsx'
import { SessionCard } from './session-card.tsx'

const historyPageSize = 10

/** The user's past sessions, newest first, a page at a time (interviews.history). */
export function SessionList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const trpc = useTRPC()
  const history = useQuery({
    ...trpc.interviews.history.queryOptions({ page, pageSize: historyPageSize }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: 1,
  })
  if (history.isPending) return <Spinner label="Loading your sessions" className="py-10" />
  if (history.isError)
    return (
      <LoadError
        message={`Could not load your sessions: ${history.error.message}`}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    )
  // While the next page loads the previous one stays on screen: label the page that is shown.
  const { sessions, total, page: shown } = history.data
  if (total === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-control px-4 py-10 text-center">
        <p className="font-medium text-fg">No sessions yet.</p>
        <p className="mt-1 text-sm text-fg-muted">
          Start one in the{' '}
          <Link to="/interview" className="font-semibold text-accent hover:underline focus-ring">
            practice console
          </Link>{' '}
          or the desktop app.
        </p>
      </div>
    )
  }
  const pageCount = Math.max(1, Math.ceil(total / historyPageSize))
  return (
    <div className="space-y-4" aria-busy={history.isPlaceholderData || undefined}>
      <p className="text-sm text-fg-muted">
        {total} {total === 1 ? 'session' : 'sessions'} in all.
      </p>
      {sessions.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
      <Pagination page={shown} pageCount={pageCount} onPage={onPage} />
    </div>
  )
}

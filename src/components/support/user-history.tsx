import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/dashboard/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { EventRow } from './event-row.tsx'
import { RebuildViews } from './rebuild-views.tsx'

/** support.userHistory: everything that happened to one person, in order. */
export function UserHistory({ userId }: { userId: string }) {
  const trpc = useTRPC()
  const history = useQuery({ ...trpc.support.userHistory.queryOptions({ userId }), staleTime: 0, retry: false })
  return (
    <Card
      id="user-history-heading"
      title="Event history"
      action={<RebuildViews userId={userId} onRebuilt={() => void history.refetch()} />}
    >
      <p className="font-mono text-xs break-all text-gray-500">{userId}</p>
      {history.isPending ? (
        <Spinner label="Loading the event history" className="py-8" />
      ) : history.isError ? (
        <LoadError
          message={`Could not load the history: ${history.error.message}`}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            {history.data.events.length} events
            {history.data.erased ? ' · personal data erased: sealed values read [erased]' : ''}
          </p>
          <div className="mt-3 overflow-x-auto" role="region" aria-label="Events" tabIndex={0}>
            <table className="w-full min-w-[40rem] text-left text-sm text-gray-700 dark:text-gray-300">
              <thead className="text-gray-500 dark:text-gray-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Actor
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Data
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {history.data.events.map((event) => (
                  <EventRow key={event.eventId} event={event} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  )
}

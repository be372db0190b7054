import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '#src/trpc/react.ts'
import { Card } from '#src/components/ui/card.tsx'
import { LoadError } from '#src/components/dashboard/load-error.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { EventRow } from './event-row.tsx'
import { RebuildViews } from './rebuild-views.tsx'
import { DataTable } from '#src/components/ui/table.tsx'

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
          <p className="mt-2 text-sm text-fg-muted">
            {history.data.events.length} events
            {history.data.erased ? ' · personal data erased: sealed values read [erased]' : ''}
          </p>
          <DataTable
            label="Events"
            columns={['Type', 'Time', 'Actor', 'Data']}
            minWidth="min-w-[40rem]"
            className="mt-3"
          >
            {history.data.events.map((event) => (
              <EventRow key={event.eventId} event={event} />
            ))}
          </DataTable>
        </>
      )}
    </Card>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Card } from '#src/components/ui/card.tsx'
import { formatDateTime } from '#src/interview/display.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { RebuildViews } from './rebuild-views.tsx'
import { SupportAudit } from './support-audit.tsx'
import { TimeTravel } from './time-travel.tsx'
import { TimelineFilters } from './timeline-filters.tsx'
import { TimelinePage } from './timeline-page.tsx'
import type { TimelineQuery } from './timeline-types.ts'
import { DataTable } from '#src/components/ui/table.tsx'

const header = ['Type', 'Time', 'Actor', 'Correlation', 'Stream and data']

/**
 * A person's timeline: every event of all their streams in commit order, personal data masked
 * (each field revealed with a reason), filters, one-click correlation, time travel, and a link
 * from a webhook's events to its delivery. Opening it is one reading, recorded once by its first
 * page; the readings list is read after that, so it shows this one.
 */
export function PersonTimeline({
  userId,
  onShowDelivery,
}: {
  userId: string
  onShowDelivery: (deliveryId: string) => void
}) {
  const [query, setQuery] = useState<TimelineQuery>({ types: [], streams: [] })
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const [travelAt, setTravelAt] = useState<string | null>(null)
  const [erasedAt, setErasedAt] = useState<string | null>(null)
  const [opened, setOpened] = useState(false)
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const filter = (next: TimelineQuery) => {
    setQuery(next)
    setCursors([undefined])
  }
  // Each first page (a filter is a new reading) has been recorded by the time it arrives.
  const onOpened = useCallback(
    (erased: string | null) => {
      setErasedAt(erased)
      setOpened(true)
      void queryClient.invalidateQueries({ queryKey: trpc.support.auditLog.queryKey() })
    },
    [queryClient, trpc],
  )
  return (
    <Card
      id="person-timeline-heading"
      title="Timeline"
      // A rebuild changes the views, not the events: the timeline stays as read (reading it again is a new reading).
      action={<RebuildViews userId={userId} />}
    >
      <p className="mb-4 text-sm text-fg-muted">
        Personal data is masked; revealing a field asks for a reason. Opening this timeline and each reveal are recorded
        in the person&apos;s history.
        {erasedAt && <strong className="ml-1 text-danger">Erased {formatDateTime(erasedAt)}.</strong>}
      </p>
      <TimelineFilters key={JSON.stringify(query)} query={query} onChange={filter} />
      {travelAt && <TimeTravel userId={userId} eventId={travelAt} onStep={setTravelAt} />}
      <DataTable label="Timeline events" columns={header} minWidth="min-w-[48rem]" className="mt-4">
        {cursors.map((after, index) => (
          <TimelinePage
            key={`${JSON.stringify(query)}|${after ?? ''}`}
            userId={userId}
            query={query}
            after={after}
            last={index === cursors.length - 1}
            onMore={(cursor) => setCursors([...cursors, cursor])}
            onFollow={(correlationId) => filter({ types: [], streams: [], correlationId })}
            onTravel={setTravelAt}
            onShowDelivery={onShowDelivery}
            travelAt={travelAt}
            {...(index === 0 ? { onOpened } : {})}
          />
        ))}
      </DataTable>
      {opened && <SupportAudit userId={userId} />}
    </Card>
  )
}

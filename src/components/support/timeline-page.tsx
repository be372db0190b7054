import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTRPC } from '#src/trpc/react.ts'
import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { TimelineRow } from './timeline-row.tsx'
import type { TimelineQuery } from './timeline-types.ts'

const timelinePageSize = 50

/**
 * One page of support.timeline, rendered as rows of the shared table. Fetched once: the first
 * page records a reading, so it must not be read again behind the staff member's back.
 */
export function TimelinePage({
  userId,
  query,
  after,
  last,
  onMore,
  onFollow,
  onTravel,
  onShowDelivery,
  travelAt,
  onOpened,
}: {
  userId: string
  query: TimelineQuery
  after: string | undefined
  last: boolean
  onMore: (cursor: string) => void
  onFollow: (correlationId: string) => void
  onTravel: (eventId: string) => void
  onShowDelivery: (deliveryId: string) => void
  travelAt: string | null
  /** For a first page: it arrived, so its reading is recorded; with the person's erasure, if any. */
  onOpened?: (erasedAt: string | null) => void
}) {
  const trpc = useTRPC()
  const page = useQuery({
    ...trpc.support.timeline.queryOptions({ userId, ...query, after, limit: timelinePageSize }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  })
  const erasedAt = page.data?.erasedAt
  const arrived = page.isSuccess
  useEffect(() => {
    if (arrived && erasedAt !== undefined) onOpened?.(erasedAt)
  }, [arrived, erasedAt, onOpened])
  if (page.isPending)
    return (
      <tr>
        <td colSpan={5} className="py-4 text-gray-500">
          Loading events...
        </td>
      </tr>
    )
  if (page.isError)
    return (
      <tr>
        <td colSpan={5} role="alert" className="py-4 text-danger">
          Could not load the timeline: {page.error.message}
        </td>
      </tr>
    )
  return (
    <>
      {page.data.events.map((event) => (
        <TimelineRow
          key={event.eventId}
          userId={userId}
          event={event}
          onFollow={onFollow}
          onTravel={onTravel}
          onShowDelivery={onShowDelivery}
          travelling={travelAt === event.eventId}
        />
      ))}
      {last && page.data.nextCursor && (
        <tr>
          <td colSpan={5} className="py-3">
            <button type="button" className={secondaryButton} onClick={() => onMore(page.data.nextCursor ?? '')}>
              Load more events
            </button>
          </td>
        </tr>
      )}
      {after === undefined && page.data.events.length === 0 && (
        <tr>
          <td colSpan={5} className="py-4 text-fg-muted">
            No events match.
          </td>
        </tr>
      )}
    </>
  )
}

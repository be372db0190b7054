import { supportAuditStreamId } from '#events/support/support-audit.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { supportedPerson } from './person.ts'
import { supportMetadata, type SupportStaff } from './support-staff.ts'
import type { TimelineFilters } from './timeline-filters.ts'
import { defaultPageSize, timelinePage } from './timeline-page.ts'

export type TimelineRequest = {
  userId: string
  filters: TimelineFilters
  after?: string | undefined
  limit?: number | undefined
}

/**
 * A page of a person's timeline, personal data masked. Opening the history (its first page, with
 * any filters) is recorded as the staff member's reading before anything is shown, so no reading
 * goes unrecorded; further pages of the same reading are not recorded again.
 */
export async function readTimeline(
  runtime: Pick<Runtime, 'db' | 'store'>,
  staff: SupportStaff,
  request: TimelineRequest,
) {
  const person = await supportedPerson(runtime.db, request.userId)
  if (request.after === undefined) {
    const { filters } = request
    await runtime.store.append(
      supportAuditStreamId(person.userId),
      'any',
      [
        {
          type: 'SupportHistoryOpened',
          data: {
            via: staff.via,
            filters: {
              types: filters.types,
              streams: filters.streams,
              from: filters.from ?? null,
              to: filters.to ?? null,
              correlationId: filters.correlationId ?? null,
            },
          },
        },
      ],
      supportMetadata(staff, person.userId),
    )
  }
  const page = await timelinePage(runtime.db, runtime.store.registry, person.userId, request.filters, {
    after: request.after,
    limit: request.limit ?? defaultPageSize,
  })
  return { ...person, ...page }
}

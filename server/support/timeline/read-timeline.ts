import type { Runtime } from '#server/runtime.types.ts'
import { supportedPerson } from './person.ts'
import { recordHistoryOpened } from './record-opening.ts'
import type { SupportStaff } from './support-staff.ts'
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
  if (request.after === undefined) await recordHistoryOpened(runtime, staff, person.userId, request.filters)
  const page = await timelinePage(runtime.db, runtime.store.registry, person.userId, request.filters, {
    after: request.after,
    limit: request.limit ?? defaultPageSize,
  })
  return { ...person, ...page }
}

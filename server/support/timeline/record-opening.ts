import { supportAuditStreamId } from '#events/support/support-audit.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { supportMetadata, type SupportStaff } from './support-staff.ts'
import type { TimelineFilters } from './timeline-filters.ts'

const noFilters: TimelineFilters = { types: [], streams: [] }

/**
 * Records that a staff member opened a person's history, before anything of it is shown, so no
 * reading goes unrecorded whichever view of the history it came through.
 */
export async function recordHistoryOpened(
  runtime: Pick<Runtime, 'store'>,
  staff: SupportStaff,
  userId: string,
  filters: TimelineFilters = noFilters,
): Promise<void> {
  await runtime.store.transaction((tx) =>
    tx.append(
      supportAuditStreamId(userId),
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
      supportMetadata(staff, userId),
    ),
  )
}

import { z } from 'zod'
import { readTimeline } from '#server/support/timeline/read-timeline.ts'
import { timelineCursor, timelineFilters } from '#server/support/timeline/timeline-filters.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { timelineSchema } from '#server/trpc/schemas/support-timeline.ts'
import { staffOf } from './staff-of.ts'
import { userIdInput } from './user-id-input.ts'

/** Query strings carry one value or several; both arrive as a list. */
const list = z.preprocess((value) => (typeof value === 'string' ? [value] : value), timelineFilters.shape.types)
const streamList = z.preprocess((value) => (typeof value === 'string' ? [value] : value), timelineFilters.shape.streams)

export const timeline = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users/{userId}/timeline',
      operationId: 'support-timeline',
      tags: ['support'],
      summary:
        "A person's events from all their streams in commit order, personal data masked; the first page records the reading (support staff)",
      protect: true,
    },
  })
  .input(
    userIdInput.extend({
      types: list,
      streams: streamList,
      from: timelineFilters.shape.from,
      to: timelineFilters.shape.to,
      correlationId: timelineFilters.shape.correlationId,
      after: timelineCursor.optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
    }),
  )
  .output(timelineSchema)
  .query(({ ctx, input }) => {
    const { userId, after, limit, ...filters } = input
    return readTimeline(ctx.runtime, staffOf(ctx), { userId, filters, after, limit })
  })

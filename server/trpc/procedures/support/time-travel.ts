import { z } from 'zod'
import { timeTravel as travel } from '#server/support/timeline/time-travel.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { timeTravelSchema } from '#server/trpc/schemas/support-timeline.ts'
import { userIdInput } from './user-id-input.ts'

export const timeTravel = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users/{userId}/as-of/{eventId}',
      operationId: 'support-timeTravel',
      tags: ['support'],
      summary:
        "A person's subscription, usage and orders right after one of their events, folded from their events (support staff)",
      protect: true,
    },
  })
  .input(userIdInput.extend({ eventId: z.uuid('eventId must be an event id') }))
  .output(timeTravelSchema)
  .query(({ ctx, input }) => travel(ctx.runtime.db, ctx.runtime.store, input))

import { z } from 'zod'
import { userHistory as readUserHistory } from '#server/support/user-history.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { staffOf } from './staff-of.ts'
import { userIdInput } from './user-id-input.ts'

export const userHistory = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users/{userId}/events',
      operationId: 'support-history',
      tags: ['support'],
      summary: "A person's whole event history (support staff)",
      protect: true,
    },
  })
  .input(userIdInput)
  .output(
    z.object({
      userId: z.string(),
      erased: z.boolean(),
      events: z.array(
        z.object({
          eventId: z.string(),
          type: z.string(),
          streamId: z.string(),
          streamPosition: z.number(),
          globalPosition: z.number(),
          schemaVersion: z.number(),
          createdAt: z.string(),
          actor: z.object({ type: z.string(), id: z.string().optional() }),
          requestId: z.string().nullable(),
          data: z.unknown(),
        }),
      ),
    }),
  )
  .query(({ ctx, input }) => readUserHistory(ctx.runtime, staffOf(ctx), input.userId))

import { z } from 'zod'
import { revealField as reveal } from '#server/support/timeline/reveal-field.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { revealedFieldSchema } from '#server/trpc/schemas/support-timeline.ts'
import { staffOf } from './staff-of.ts'
import { userIdInput } from './user-id-input.ts'

export const revealField = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/users/{userId}/reveal',
      operationId: 'support-revealField',
      tags: ['support'],
      summary:
        "Show one masked personal field of a person's event, giving a reason; the reading is recorded (support staff)",
      protect: true,
    },
  })
  .input(
    userIdInput.extend({
      eventId: z.uuid('eventId must be an event id'),
      field: z.string().trim().min(1, 'field is required').max(200),
      reason: z.string().trim().min(3, 'reason must say why, in at least 3 characters').max(500),
    }),
  )
  .output(revealedFieldSchema)
  .mutation(({ ctx, input }) => reveal(ctx.runtime, staffOf(ctx), input))

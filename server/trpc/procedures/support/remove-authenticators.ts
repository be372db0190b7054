import { z } from 'zod'
import { removeAuthenticatorsBySupport } from '#server/support/remove-authenticators.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { staffOf } from './staff-of.ts'
import { userIdInput } from './user-id-input.ts'

export const removeAuthenticators = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/users/{userId}/authenticators/remove',
      operationId: 'support-removeAuthenticators',
      tags: ['support'],
      summary:
        "Turn a person's two-step sign-in off (every authenticator and recovery code) after checking who they are, giving a reason; recorded in their timeline, and every session of theirs ends (support staff)",
      protect: true,
    },
  })
  .input(
    userIdInput.extend({
      reason: z
        .string()
        .trim()
        .min(10, 'reason must say how the person was identified, in at least 10 characters')
        .max(500),
    }),
  )
  .output(z.object({ removed: z.literal(true) }))
  .mutation(({ ctx, input }) => removeAuthenticatorsBySupport(ctx.runtime, staffOf(ctx), input))

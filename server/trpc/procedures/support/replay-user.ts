import { z } from 'zod'
import { replayUser as replay } from '#server/support/replay-user.ts'
import { supportProcedure } from '#server/trpc/init.ts'
import { userReplaySchema } from '#server/trpc/schemas/support-ops.ts'

export const replayUser = supportProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/users/{userId}/replay',
      operationId: 'support-replayUser',
      tags: ['support'],
      summary: "Rebuild a person's views from their events and list what changes, row by row (support staff)",
      description:
        "With `dryRun` (the default) everything is rolled back and only the changes are listed; without it they are applied in one transaction. Give the dry run's `fingerprint` as `expected` to refuse (409) when the changes are no longer those.",
      protect: true,
    },
  })
  .input(
    z.object({
      userId: z.string().trim().min(1, 'userId is required').max(100),
      dryRun: z.boolean().default(true),
      expected: z
        .string()
        .regex(/^[0-9a-f]{64}$/, 'expected must be a dry run fingerprint')
        .optional(),
    }),
  )
  .output(userReplaySchema)
  .mutation(({ ctx, input }) =>
    replay(ctx.runtime, input.userId, {
      apply: !input.dryRun,
      ...(input.expected === undefined ? {} : { expected: input.expected }),
    }),
  )

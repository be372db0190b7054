import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { trackInput } from '#server/analytics/analytics-events.ts'
import { publicProcedure } from '#server/trpc/init.ts'

/** The first-party analytics sink: one row per event, with the person when signed in. */
export const trackEvent = publicProcedure
  .input(trackInput)
  .output(z.object({ recorded: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await ctx.db
      .insertInto('analytics_events')
      .values({
        id: randomUUID(),
        name: input.name,
        category: input.category,
        params: JSON.stringify(input.params),
        user_id: ctx.user?.id ?? null,
        created_at: ctx.clock.now(),
      })
      .execute()
    return { recorded: true as const }
  })

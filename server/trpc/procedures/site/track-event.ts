import { z } from 'zod'
import { trackInput } from '#server/analytics/analytics-events.ts'
import { recordAnalyticsEvent } from '#server/analytics/record-event.ts'
import { publicProcedure } from '#server/trpc/init.ts'

/** The first-party analytics sink; 429 past the limit per client address. */
export const trackEvent = publicProcedure
  .input(trackInput)
  .output(z.object({ recorded: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await recordAnalyticsEvent(ctx.scope, input)
    return { recorded: true as const }
  })

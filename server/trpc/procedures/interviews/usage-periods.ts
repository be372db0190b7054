import { z } from 'zod'
import { planIds } from '#app.config.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { signedInProcedure } from '#server/trpc/init.ts'

export const usagePeriods = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/usage-periods',
      operationId: 'interview-usagePeriods',
      tags: ['interview'],
      summary: 'Interviews used in each of the recent plan periods, newest first',
      protect: true,
    },
  })
  .input(z.object({ limit: z.coerce.number().int().min(1).max(24).default(6) }).default({ limit: 6 }))
  .output(
    z.object({
      periods: z.array(
        z.object({
          orderId: z.string(),
          planType: z.enum(planIds),
          periodStart: z.string(),
          periodEnd: z.string(),
          included: z.number().int(),
          used: z.number().int(),
          givenBack: z.number().int(),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => {
    await viewsFresh(ctx.runtime)
    const rows = await ctx.db
      .selectFrom('usage_periods_view')
      .selectAll()
      .where('user_id', '=', ctx.user.id)
      .orderBy('period_start', 'desc')
      .limit(input.limit)
      .execute()
    return {
      periods: rows.map((row) => ({
        orderId: row.order_id,
        planType: row.plan_type,
        periodStart: new Date(row.period_start).toISOString(),
        periodEnd: new Date(row.period_end).toISOString(),
        included: row.included,
        used: row.used,
        givenBack: row.given_back,
      })),
    }
  })

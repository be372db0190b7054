import { interviewInsights } from '#server/interviews/review/insights.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { insightsInput, insightsSchema } from '#server/trpc/schemas/interview-review.ts'

const defaultDays = 90
const dayMs = 86_400_000
const dateOf = (date: Date) => date.toISOString().slice(0, 10)

export const insights = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/insights',
      operationId: 'interview-insights',
      tags: ['interview'],
      summary: 'Progress across ended interviews, week by week, with the weak spots to practise (Pro)',
      description:
        'Days are UTC dates, both included; without `from` the 90 days up to `to` (default today), at most 366 days. Pro plan only (403 `feature_not_in_plan` otherwise).',
      protect: true,
    },
  })
  .input(insightsInput)
  .output(insightsSchema)
  .query(({ ctx, input }) => {
    const to = input.to ?? dateOf(ctx.runtime.clock.now())
    const from = input.from ?? dateOf(new Date(Date.parse(to) - (defaultDays - 1) * dayMs))
    return interviewInsights(ctx.scope, { from, to })
  })

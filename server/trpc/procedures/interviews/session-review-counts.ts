import { sessionReviewCounts as counts } from '#server/interviews/review/session-review.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { sessionReviewCountsSchema, sessionReviewInput } from '#server/trpc/schemas/interview-review.ts'

/** What a review would contain, counts only, for any plan: the page shows it beside the way to upgrade. */
export const sessionReviewCounts = signedInProcedure
  .input(sessionReviewInput)
  .output(sessionReviewCountsSchema)
  .query(({ ctx, input }) => counts(ctx.scope, input.id))

import { sessionReview as review } from '#server/interviews/review/session-review.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { sessionReviewInput, sessionReviewSchema } from '#server/trpc/schemas/interview-review.ts'

export const sessionReview = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/sessions/{id}/review',
      operationId: 'interview-sessionReview',
      tags: ['interview'],
      summary:
        "An ended session's review: every question in order with its answer, confidence, timing and rating (Pro)",
      description:
        'Pro plan only (403 `feature_not_in_plan` otherwise). 409 `session_active` while the session is still running.',
      protect: true,
    },
  })
  .input(sessionReviewInput)
  .output(sessionReviewSchema)
  .query(({ ctx, input }) => review(ctx.scope, input.id))

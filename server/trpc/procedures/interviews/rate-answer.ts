import { rateAnswer as rate } from '#server/interviews/review/rate-answer.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { rateAnswerInput, ratingSchema } from '#server/trpc/schemas/interview-review.ts'

export const rateAnswer = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/interview/sessions/{id}/questions/{questionId}/rating',
      operationId: 'interview-rateAnswer',
      tags: ['interview'],
      summary: 'Rate an answer 1 (no help) to 5 (very helpful), with an optional short note (Pro)',
      description:
        'A later rating of the same answer replaces it. Pro plan only (403 `feature_not_in_plan` otherwise).',
      protect: true,
    },
  })
  .input(rateAnswerInput)
  .output(ratingSchema)
  .mutation(({ ctx, input }) =>
    rate(ctx.scope, {
      sessionId: input.id,
      questionId: input.questionId,
      rating: input.rating,
      ...(input.note === undefined ? {} : { note: input.note }),
    }),
  )

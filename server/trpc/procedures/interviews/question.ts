import { bodyLimits } from '#server/http/body-limits.ts'
import { askQuestion } from '#server/interviews/ask.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { answerSchema, questionInput } from '#server/trpc/schemas/interviews.ts'

export const question = signedInProcedure
  .meta({
    expensive: true,
    maxBodyBytes: bodyLimits.interviewContext,
    openapi: {
      method: 'POST',
      path: '/interview/question',
      operationId: 'interview-question',
      tags: ['interview'],
      summary: 'Answer an interview question',
      description:
        'In the given or the newest active session (409 without one). For a live display, POST the same body to /interview/question/stream for server-sent events.',
      protect: true,
    },
  })
  .input(questionInput)
  .output(answerSchema)
  .mutation(({ ctx, input }) => askQuestion(ctx.scope, input))

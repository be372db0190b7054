import { bodyLimits } from '#server/http/body-limits.ts'
import { analyzeQuestion } from '#server/interviews/practice.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { analyzeInput, questionAnalysisSchema } from '#server/trpc/schemas/interviews.ts'

export const analyze = signedInProcedure
  .meta({
    expensive: true,
    maxBodyBytes: bodyLimits.interviewContext,
    openapi: {
      method: 'POST',
      path: '/interview/analyze',
      operationId: 'interview-analyze',
      tags: ['interview'],
      summary: 'What a question tests and how to structure the answer',
      protect: true,
    },
  })
  .input(analyzeInput)
  .output(questionAnalysisSchema)
  .mutation(({ ctx, input }) => analyzeQuestion(ctx.scope, input))

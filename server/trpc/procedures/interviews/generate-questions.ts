import { bodyLimits } from '#server/http/body-limits.ts'
import { generateQuestions as generate } from '#server/interviews/practice.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { generatedQuestionsSchema, generateQuestionsInput } from '#server/trpc/schemas/interviews.ts'

export const generateQuestions = signedInProcedure
  .meta({
    expensive: true,
    maxBodyBytes: bodyLimits.interviewContext,
    openapi: {
      method: 'POST',
      path: '/interview/generate-questions',
      operationId: 'interview-generateQuestions',
      tags: ['interview'],
      summary: 'Practice questions by topic',
      description: 'difficulty defaults to medium, count to 5 (1 to 20). Does not use an interview.',
      protect: true,
    },
  })
  .input(generateQuestionsInput)
  .output(generatedQuestionsSchema)
  .mutation(({ ctx, input }) => generate(ctx.scope, input))

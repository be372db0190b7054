import { generateQuestions as generate } from '../../../interviews/practice.ts'
import { signedInProcedure } from '../../init.ts'
import { generatedQuestionsSchema, generateQuestionsInput } from '../../schemas/interview.ts'
import { callerOf } from './caller.ts'

export const generateQuestions = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/interview/generate-questions',
      tags: ['interview'],
      summary: 'Practice questions by topic',
      description: 'difficulty defaults to medium, count to 5 (1 to 20). Does not use an interview.',
      protect: true,
    },
  })
  .input(generateQuestionsInput)
  .output(generatedQuestionsSchema)
  .mutation(({ ctx, input }) => generate(callerOf(ctx), input))

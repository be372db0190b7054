import { interviewHistory } from '#server/interviews/history.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { historyInput, historySchema } from '#server/trpc/schemas/interviews.ts'

export const history = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/history',
      operationId: 'interview-history',
      tags: ['interview'],
      summary: 'Past sessions with their questions and answers, newest first',
      protect: true,
    },
  })
  .input(historyInput)
  .output(historySchema)
  .query(({ ctx, input }) => interviewHistory(ctx.scope, input))

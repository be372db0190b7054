import { interviewHistory } from '../../../interviews/history.ts'
import { signedInProcedure } from '../../init.ts'
import { historyInput, historySchema } from '../../schemas/interview.ts'
import { callerOf } from './caller.ts'

export const history = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/history',
      tags: ['interview'],
      summary: 'Past sessions with their questions and answers, newest first',
      protect: true,
    },
  })
  .input(historyInput)
  .output(historySchema)
  .query(({ ctx, input }) => interviewHistory(callerOf(ctx), input))

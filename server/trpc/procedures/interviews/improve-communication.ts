import { bodyLimits } from '#server/http/body-limits.ts'
import { improveCommunication as improve } from '#server/interviews/practice.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { communicationFeedbackSchema, improveCommunicationInput } from '#server/trpc/schemas/interviews.ts'

export const improveCommunication = signedInProcedure
  .meta({
    expensive: true,
    maxBodyBytes: bodyLimits.interviewContext,
    openapi: {
      method: 'POST',
      path: '/interview/improve-communication',
      operationId: 'interview-improveCommunication',
      tags: ['interview'],
      summary: 'Feedback on how an answer was said, with a rewrite',
      description: 'Part of the Pro plan (403 otherwise).',
      protect: true,
    },
  })
  .input(improveCommunicationInput)
  .output(communicationFeedbackSchema)
  .mutation(({ ctx, input }) => improve(ctx.scope, input))

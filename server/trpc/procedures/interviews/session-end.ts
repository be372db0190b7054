import { endSession } from '#server/interviews/interview-sessions.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { endSessionInput, sessionSchema } from '#server/trpc/schemas/interviews.ts'

export const sessionEnd = signedInProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/interview/session/end',
      operationId: 'interview-sessionEnd',
      tags: ['interview'],
      summary: 'End an interview session',
      description:
        'Ends the given session, or the newest active one. A session ended within 5 minutes with no question asked gives its interview back (counted false).',
      protect: true,
    },
  })
  .input(endSessionInput)
  .output(sessionSchema)
  .mutation(({ ctx, input }) => endSession(ctx.scope, input.sessionId))

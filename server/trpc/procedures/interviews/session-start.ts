import { bodyLimits } from '#server/http/body-limits.ts'
import { startSession as start } from '#server/interviews/interview-sessions.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { sessionSchema, startSessionInput } from '#server/trpc/schemas/interviews.ts'

export const sessionStart = signedInProcedure
  .meta({
    maxBodyBytes: bodyLimits.interviewContext,
    openapi: {
      method: 'POST',
      path: '/interview/session/start',
      operationId: 'interview-sessionStart',
      tags: ['interview'],
      summary: 'Start an interview session',
      description:
        "Takes one interview from the current plan period. 403 with no active plan, when the period's interviews are used up, or when context (resume, role, job description) is sent on a plan without context configuration. 409 while another session is active (one at a time; the message names it).",
      protect: true,
    },
  })
  .input(startSessionInput)
  .output(sessionSchema)
  .mutation(({ ctx, input }) => start(ctx.scope, input))

import { z } from 'zod'
import { activeSession } from '#server/interviews/interview-sessions.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { sessionSchema } from '#server/trpc/schemas/interviews.ts'

export const sessionActive = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/session/active',
      operationId: 'interview-sessionActive',
      tags: ['interview'],
      summary: 'The active interview session, or null',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ session: sessionSchema.nullable() }))
  .query(async ({ ctx }) => ({ session: await activeSession(ctx.scope) }))

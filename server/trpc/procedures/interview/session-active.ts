import { z } from 'zod'
import { activeSession } from '../../../interviews/sessions.ts'
import { signedInProcedure } from '../../init.ts'
import { sessionSchema } from '../../schemas/interview.ts'
import { callerOf } from './caller.ts'

export const sessionActive = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/interview/session/active',
      tags: ['interview'],
      summary: 'The active interview session, or null',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ session: sessionSchema.nullable() }))
  .query(async ({ ctx }) => ({ session: await activeSession(callerOf(ctx)) }))

import { z } from 'zod'
import { findUsers } from '#server/support/user-history.ts'
import { supportProcedure } from '#server/trpc/init.ts'

export const searchUsers = supportProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/users',
      operationId: 'support-searchUsers',
      tags: ['support'],
      summary: 'Find people by e-mail or id, erased ones included (support staff)',
      protect: true,
    },
  })
  .input(z.object({ query: z.string().trim().min(2, 'query must be at least 2 characters').max(254) }))
  .output(
    z.object({
      users: z.array(
        z.object({
          userId: z.string(),
          email: z.string().nullable(),
          name: z.string().nullable(),
          status: z.string(),
          role: z.string(),
          createdAt: z.string(),
          lastLoginAt: z.string().nullable(),
          erasedAt: z.string().nullable(),
        }),
      ),
    }),
  )
  .query(async ({ ctx, input }) => ({ users: await findUsers(ctx.runtime, input.query) }))

import { z } from 'zod'
import { signOut } from '#server/accounts/sign-out.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { logoutInput } from '#server/trpc/schemas/accounts.ts'

const logoutOutput = z.object({ signedOut: z.literal(true) })

export const logout = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/logout',
      operationId: 'auth-logout',
      tags: ['auth'],
      summary: 'Sign out',
      description:
        'Ends the session of the given refresh token and of the access token sent as Bearer. Always succeeds.',
      protect: false,
    },
  })
  .input(logoutInput)
  .output(logoutOutput)
  .mutation(({ ctx, input }) =>
    signOut(ctx.scope, { refreshToken: input?.refreshToken, sessionId: ctx.user?.sessionId }),
  )

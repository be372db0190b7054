import { z } from 'zod'
import { refreshTokenPair } from '#server/accounts/token-refresh.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { refreshTokenInput, tokensSchema } from '#server/trpc/schemas/accounts.ts'

export const refreshToken = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/refresh-token',
      operationId: 'auth-refreshToken',
      tags: ['auth'],
      summary: 'Exchange a refresh token for a new pair',
      description:
        'Each refresh token works once. Presenting it again within 10 seconds of its exchange (a retry, a second window) answers the same new pair; presenting it later ends its whole session (401).',
      protect: false,
    },
  })
  .input(refreshTokenInput)
  .output(z.object({ tokens: tokensSchema }))
  .mutation(({ ctx, input }) => refreshTokenPair(ctx.scope, input.refreshToken))

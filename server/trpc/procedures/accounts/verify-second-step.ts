import { verifySignInChallenge } from '#server/accounts/second-step/verify-challenge.ts'
import { publicProcedure } from '#server/trpc/init.ts'
import { authSessionSchema } from '#server/trpc/schemas/accounts.ts'
import { verifyChallengeInput } from '#server/trpc/schemas/second-step.ts'
import { requireBackendFactors } from './embedded-only.ts'

export const verifySecondStep = publicProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/auth/mfa/verify',
      operationId: 'auth-mfaVerify',
      tags: ['auth'],
      summary: 'Complete a two-step sign-in with a code',
      description:
        'After /auth/login (or /auth/oauth-login) answered 401 `mfa_required`: its `details.challengeToken` and a 6-digit code from the authenticator app, or a recovery code, give the session. A challenge lives 5 minutes and takes 5 wrong codes; each code is accepted once.',
      protect: false,
    },
  })
  .input(verifyChallengeInput)
  .output(authSessionSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return verifySignInChallenge(ctx.scope, input)
  })

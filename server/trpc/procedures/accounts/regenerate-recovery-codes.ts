import { regenerateRecoveryCodes } from '#server/accounts/second-step/regenerate-recovery-codes.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { regenerateRecoveryCodesInput, renewedRecoveryCodesSchema } from '#server/trpc/schemas/second-step.ts'
import { requireBackendFactors } from './embedded-only.ts'

export const regenerateRecoveryCodesProcedure = signedInProcedure
  .meta({
    expensive: true,
    openapi: {
      method: 'POST',
      path: '/account/authenticators/recovery-codes',
      operationId: 'account-regenerateRecoveryCodes',
      tags: ['account'],
      summary: 'Issue a new set of recovery codes',
      description:
        'For a current code from an authenticator app: ten new single-use recovery codes, answered this once; every code of the old set stops working. The code is spent, as at sign-in.',
      protect: true,
    },
  })
  .input(regenerateRecoveryCodesInput)
  .output(renewedRecoveryCodesSchema)
  .mutation(({ ctx, input }) => {
    requireBackendFactors(ctx.runtime)
    return regenerateRecoveryCodes(ctx.scope, input)
  })

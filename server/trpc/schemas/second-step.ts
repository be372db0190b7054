import { z } from 'zod'

const code = z
  .string()
  .trim()
  .min(1, 'Please enter the code from your authenticator app, or a recovery code.')
  .max(32, 'must be at most 32 characters')
  .meta({ description: 'The 6-digit code the authenticator app shows, or a recovery code (xxxxx-xxxxx)' })

const authenticatorName = z
  .string()
  .trim()
  .min(1, 'Please give the authenticator a name.')
  .max(50, 'must be at most 50 characters')

const authenticatorId = z.uuid('must be an authenticator id')

export const verifyChallengeInput = z.object({
  challengeToken: z.string().min(1, 'challengeToken is required: sign in with the password first').max(128).meta({
    description: 'From the `mfa_required` answer of /auth/login or /auth/oauth-login (`details.challengeToken`)',
  }),
  code,
})

export const authenticatorsSchema = z
  .object({
    authenticators: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        addedAt: z.string().meta({ description: 'ISO 8601' }),
        lastUsedAt: z
          .string()
          .nullable()
          .meta({ description: 'ISO 8601; the last code that signed in or confirmed it' }),
      }),
    ),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'Authenticators' })

export const startEnrolmentInput = z.object({ name: authenticatorName })

export const enrolmentSchema = z
  .object({
    authenticatorId: z.string(),
    secret: z.string().meta({ description: 'Base32; shown this once, for typing into the app by hand' }),
    otpauthUrl: z.string().meta({ description: 'The otpauth:// address the QR code holds' }),
    qrCode: z.string().meta({ description: 'data:image/png;base64 picture of otpauthUrl' }),
  })
  .meta({ id: 'AuthenticatorEnrolment' })

export const confirmEnrolmentInput = z.object({ authenticatorId, code })

export const confirmedEnrolmentSchema = authenticatorsSchema
  .extend({
    recoveryCodes: z
      .array(z.string())
      .nullable()
      .meta({ description: 'Ten single-use codes, answered this once with the first authenticator; null after' }),
  })
  .meta({ id: 'ConfirmedEnrolment' })

export const renameAuthenticatorInput = z.object({ authenticatorId, name: authenticatorName })

export const removeAuthenticatorInput = z.object({
  authenticatorId,
  password: z.string().max(128).optional().meta({ description: 'Needed to remove the last authenticator' }),
  code: code.optional().meta({ description: 'A current 6-digit code; needed to remove the last authenticator' }),
})

export const regenerateRecoveryCodesInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your authenticator app.')
    .meta({
      description: 'A current code from one of the authenticator apps (a recovery code cannot renew its own set)',
    }),
})

export const renewedRecoveryCodesSchema = authenticatorsSchema
  .extend({
    recoveryCodes: z
      .array(z.string())
      .meta({ description: 'Ten new single-use codes, answered this once; every code of the old set stops working' }),
  })
  .meta({ id: 'RenewedRecoveryCodes' })

import { z } from 'zod'
import { emailPattern, messages, namePattern, passwordRule } from '#rules/auth-rules.ts'
import { userSchema } from '#server/accounts/account.types.ts'
import { subscriptionSchema } from '#server/subscriptions/subscription.types.ts'
import { featuresSchema } from './plan.ts'

const email = z.string().trim().max(254, 'must be at most 254 characters').regex(emailPattern, messages.invalidEmail)
const name = (message: string) => z.string().trim().min(namePattern.min, message).max(namePattern.max, message)
// Argon2 hashes any length; the cap keeps a megabyte "password" from costing us a megabyte of hashing.
const newPassword = z.string().max(128, 'must be at most 128 characters').regex(passwordRule, messages.passwordStrength)

export const registerInput = z.object({
  email,
  password: newPassword,
  firstName: name(messages.firstNameLength),
  lastName: name(messages.lastNameLength),
})

export const loginInput = z.object({
  email: z.string().trim().min(1, messages.enterEmailAndPassword).max(254).regex(emailPattern, messages.invalidEmail),
  password: z.string().min(1, messages.enterEmailAndPassword).max(128, 'must be at most 128 characters'),
})

export const refreshTokenInput = z.object({ refreshToken: z.string().min(1, 'No refresh token available').max(512) })
export const logoutInput = z.object({ refreshToken: z.string().max(512).optional() }).optional()

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(128),
  newPassword,
})

export const requestPasswordResetInput = z.object({
  email: z.string().trim().min(1, messages.enterEmail).max(254).regex(emailPattern, messages.invalidEmail),
})

export const resetPasswordInput = z.object({
  /** The token from the reset link (embedded mode), or the Supabase recovery session's access token. */
  token: z.string().min(1, messages.invalidResetLink).max(4096),
  password: newPassword,
})

export const checkResetLinkInput = z.object({ token: resetPasswordInput.shape.token })

export const confirmEmailInput = z.object({ token: z.string().min(1, 'The confirmation link is incomplete.').max(512) })

const supabaseUserDetails = z.object({
  id: z.string().max(128),
  email: z.string().max(254).optional(),
  first_name: z.string().max(200).nullish(),
  last_name: z.string().max(200).nullish(),
  avatar_url: z.string().max(2048).nullish(),
})

export const supabaseLoginInput = z.object({
  supabase_token: z.string().min(1, 'supabase_token is required').max(8192),
  user_details: supabaseUserDetails.optional(),
})

export const oauthLoginInput = z.object({
  email,
  /** Accepted because clients send it, but never used as a credential: identity comes from supabase_token. */
  password: z.string().max(128).optional(),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  provider: z.literal('google'),
  supabase_token: z.string().min(1, 'supabase_token is required: sign in with Google first').max(8192),
})

export const tokensSchema = z
  .object({
    accessToken: z.string().meta({ description: 'JWT for Authorization: Bearer, valid 15 minutes' }),
    refreshToken: z.string().meta({ description: 'Opaque; exchange at /auth/refresh-token; each use rotates it' }),
  })
  .meta({ id: 'Tokens' })

export const accountSchema = z.object({ user: userSchema, subscription: subscriptionSchema, features: featuresSchema })

export const authSessionSchema = accountSchema.extend({ tokens: tokensSchema }).meta({ id: 'AuthSession' })

export const registerOutput = accountSchema
  .extend({
    tokens: tokensSchema.nullable(),
    needsConfirmation: z.boolean(),
    message: z.string().optional(),
  })
  .meta({ id: 'Registration' })

export const authSettingsSchema = z
  .object({
    mode: z.enum(['embedded', 'supabase']),
    supabaseUrl: z.string().nullable(),
    supabaseAnonKey: z.string().nullable(),
    devMailbox: z.boolean(),
    googleSandbox: z.boolean().meta({
      description:
        'Development only, never with Supabase, and only for a caller on the same machine: Google sign-in goes through a local TEST MODE screen',
    }),
  })
  .meta({ id: 'AuthSettings' })

/** base64url, 43 characters: SHA-256 of a PKCE verifier, or 32 random bytes. */
const pkceText = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'must be 43 to 128 base64url characters')

export const sandboxGoogleAuthorizeInput = z.object({
  email: requestPasswordResetInput.shape.email,
  fullName: z.string().trim().min(1, 'Please enter a name.').max(100, 'must be at most 100 characters'),
  challenge: pkceText,
})

export const sandboxGoogleExchangeInput = z.object({ code: pkceText, verifier: pkceText })

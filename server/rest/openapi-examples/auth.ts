import { plans } from '#app.catalog.ts'
import { messages } from '#rules/auth-rules.ts'
import { accountLimits } from '#server/accounts/rate-limiter.ts'
import { resendLimits } from '#server/accounts/resend-confirmation.ts'
import { confirmationFailed } from '#server/accounts/email-confirmation.ts'
import { embeddedOnlyMessage, providerFactorsMessage } from '#server/trpc/procedures/accounts/embedded-only.ts'
import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { challengeMessages } from '#server/accounts/second-step/sign-in-challenge.ts'
import { providerMessages } from '#server/accounts/provider-sign-in.ts'
import {
  examplePerson,
  exampleFeatures,
  exampleSubscription,
  exampleTokens,
  exampleUser,
  noSubscription,
} from './example-values.ts'
import type { TagExamples } from './operation-example.ts'
import { exampleChallenge } from './second-step.ts'

const signedIn = { user: exampleUser, subscription: exampleSubscription, features: exampleFeatures('professional') }
const supabaseToken = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2YjBmIn0.c2lnbmF0dXJl'
/** A Supabase session at aal1 of a person with a verified factor: the factor to verify at Supabase. */
const supabaseSecondStep = {
  error: providerMessages.secondStep,
  details: { factorId: '9d2f6c1a-7b3e-4e8f-a5c4-1b2d3e4f5a6b' },
}

export const authExamples = {
  'GET /auth/settings': {
    success: { mode: 'embedded', supabaseUrl: null, supabaseAnonKey: null, devMailbox: true, googleSandbox: true },
  },
  'POST /auth/register': {
    request: { json: examplePerson },
    success: {
      user: { ...exampleUser, emailConfirmed: false, lastLoginAt: null },
      subscription: noSubscription,
      features: exampleFeatures('none'),
      tokens: null,
      needsConfirmation: true,
      message: messages.accountCreated,
    },
    errors: {
      rate_limited: { error: accountLimits.signUpPerAddress.message },
      not_configured: { error: embeddedOnlyMessage('Sign-up') },
    },
  },
  'POST /auth/login': {
    request: { json: { email: examplePerson.email, password: examplePerson.password } },
    success: { ...signedIn, tokens: exampleTokens },
    errors: {
      rate_limited: { error: accountLimits.signInPerAddressAndAccount.message },
      not_configured: { error: embeddedOnlyMessage('Sign-in') },
      mfa_required: { error: secondStepMessages.required, details: exampleChallenge },
    },
  },
  'POST /auth/mfa/verify': {
    request: { json: { challengeToken: exampleChallenge.challengeToken, code: '492039' } },
    success: { ...signedIn, tokens: exampleTokens },
    errors: {
      invalid_code: { error: secondStepMessages.wrongCode },
      mfa_challenge_invalid: { error: challengeMessages.invalid },
      rate_limited: { error: accountLimits.secondStepPerAddressAndAccount.message },
      not_configured: { error: providerFactorsMessage },
    },
  },
  'POST /auth/logout': {
    request: { json: { refreshToken: exampleTokens.refreshToken } },
    success: { signedOut: true },
  },
  'GET /auth/validate': { success: signedIn },
  'POST /auth/refresh-token': {
    request: { json: { refreshToken: exampleTokens.refreshToken } },
    success: { tokens: exampleTokens },
  },
  'POST /auth/change-password': {
    request: { json: { currentPassword: examplePerson.password, newPassword: 'Interview-2027' } },
    success: { changed: true },
  },
  'POST /auth/request-password-reset': {
    request: { json: { email: examplePerson.email } },
    success: { message: messages.resetRequested },
    errors: {
      rate_limited: { error: accountLimits.resetPerEmail.message },
      not_configured: { error: embeddedOnlyMessage('Password reset') },
    },
  },
  'POST /auth/reset-password': {
    request: { json: { token: 'vQ3m9Zr1cT8yXw2LkN5pHs7JdF4gBa6E', password: 'Interview-2027' } },
    success: { reset: true },
  },
  'POST /auth/confirm-email': {
    request: { json: { token: 'U_0-tZ4fpwsMxl0d08A0pz7OO6iGyU7ud-7DkPhzl8E' } },
    success: { confirmed: true },
    errors: { invalid_link: { error: confirmationFailed } },
  },
  'POST /auth/resend-confirmation': {
    request: { json: { email: examplePerson.email } },
    success: { message: messages.confirmationResent },
    errors: { rate_limited: { error: resendLimits.perEmail.message } },
  },
  'POST /auth/supabase-login': {
    request: {
      json: {
        supabase_token: supabaseToken,
        user_details: {
          id: '6b0f3c1e-2d4a-4f7b-9e8c-5a1d2b3c4e5f',
          email: examplePerson.email,
          first_name: 'Asha',
          last_name: 'Rao',
        },
      },
    },
    success: { ...signedIn, user: { ...exampleUser, providers: ['supabase'] }, tokens: exampleTokens },
    errors: { mfa_required: supabaseSecondStep },
  },
  'POST /auth/oauth-login': {
    request: { json: { email: examplePerson.email, provider: 'google', supabase_token: supabaseToken } },
    success: { ...signedIn, user: { ...exampleUser, providers: ['google'] }, tokens: exampleTokens },
    errors: { mfa_required: supabaseSecondStep },
  },
  'GET /auth/plans': { success: { plans: [...plans] } },
  'GET /auth/subscription': {
    success: { subscription: exampleSubscription, features: exampleFeatures('professional') },
  },
} satisfies TagExamples

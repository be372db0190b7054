import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '#server/trpc/router.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { messages } from '#rules/auth-rules.ts'
import type { RecoveryTokens } from '#src/auth/auth-types.ts'
import { mapSignUpProviderError, signUpErrorTexts } from '#src/auth/provider-errors.ts'
import { errorCode, errorDetails, errorMessage, publicErrorCode, serverAnswered } from '#src/auth/trpc-errors.ts'
import type { AuthFlows, PasswordUpdateResult } from './auth-flows.ts'
import { beginSandboxGoogle, completeSandboxGoogle } from './sandbox-google.ts'

export type AppClient = TRPCClient<AppRouter>

const fail = (error: string) => ({ success: false as const, error })

/** Backend-native accounts: confirmation and reset links arrive in the (development) mailbox. */
export function createEmbeddedFlows(client: AppClient, options: { googleSandbox: boolean }): AuthFlows {
  let recovery: RecoveryTokens | null = null

  return {
    factors: null,

    async signIn(email, password) {
      try {
        return { success: true, session: await client.accounts.login.mutate({ email, password }) }
      } catch (error) {
        const challengeToken = errorDetails(error)?.challengeToken
        if (publicErrorCode(error) === 'mfa_required' && challengeToken)
          return { ...fail(errorMessage(error, uiMessages.loginFailed)), challengeToken }
        if (errorCode(error) === 'UNAUTHORIZED') return fail(messages.invalidCredentials)
        if (publicErrorCode(error) === 'email_not_confirmed')
          return { ...fail(errorMessage(error, uiMessages.loginFailed)), unconfirmed: true as const }
        return fail(errorMessage(error, uiMessages.unexpected))
      }
    },

    async verifySecondStep(challengeToken, code) {
      try {
        return { success: true, session: await client.accounts.verifySecondStep.mutate({ challengeToken, code }) }
      } catch (error) {
        return fail(errorMessage(error, uiMessages.unexpected))
      }
    },

    async resendConfirmation(email) {
      try {
        const { message } = await client.accounts.resendConfirmation.mutate({ email })
        return { success: true, message }
      } catch (error) {
        return fail(errorMessage(error, uiMessages.unexpected))
      }
    },

    async signUp(input) {
      try {
        const registration = await client.accounts.register.mutate(input)
        if (registration.tokens) {
          const { tokens, user, subscription, features } = registration
          return { success: true, session: { user, subscription, features, tokens }, needsConfirmation: false }
        }
        return {
          success: true,
          session: null,
          needsConfirmation: true,
          message: registration.message ?? messages.accountCreated,
        }
      } catch (error) {
        if (errorCode(error) === 'CONFLICT') return fail(signUpErrorTexts.alreadyRegistered)
        if (!serverAnswered(error)) return fail(uiMessages.signUpFailed)
        return fail(mapSignUpProviderError(errorMessage(error, '')))
      }
    },

    async signInWithGoogle() {
      // Without the sandbox (production with no Supabase) there is no Google at all: an empty error
      // lets the sign-in and sign-up screens each show their own failure text.
      if (!options.googleSandbox) return fail('')
      await beginSandboxGoogle()
      return { success: true }
    },

    completeGoogleSignIn() {
      if (!options.googleSandbox) return Promise.resolve(fail(uiMessages.noSession))
      return completeSandboxGoogle(client)
    },

    async requestPasswordReset(email) {
      try {
        const { message } = await client.accounts.requestPasswordReset.mutate({ email })
        return { success: true, message }
      } catch (error) {
        return fail(errorMessage(error, uiMessages.passwordResetFailed))
      }
    },

    async beginPasswordRecovery(tokens) {
      // Checked first, so a used or expired link never shows the new-password form.
      try {
        await client.accounts.checkResetLink.mutate({ token: tokens.accessToken })
      } catch (error) {
        recovery = null
        return fail(
          isInvalidLink(error) ? messages.invalidResetLink : errorMessage(error, uiMessages.passwordResetFailed),
        )
      }
      recovery = tokens
      return { success: true }
    },

    async updatePassword(password): Promise<PasswordUpdateResult> {
      if (!recovery) return { success: false, error: messages.invalidResetLink, invalidLink: true }
      try {
        await client.accounts.resetPassword.mutate({ token: recovery.accessToken, password })
        recovery = null
        return { success: true }
      } catch (error) {
        if (isInvalidLink(error)) {
          recovery = null
          return { success: false, error: messages.invalidResetLink, invalidLink: true }
        }
        return { success: false, error: errorMessage(error, uiMessages.passwordUpdateFailed), invalidLink: false }
      }
    },

    async confirmEmail(token) {
      if (!token) return fail(uiMessages.emailConfirmationFailed)
      try {
        await client.accounts.confirmEmail.mutate({ token })
        return { success: true }
      } catch (error) {
        return fail(serverAnswered(error) ? uiMessages.emailConfirmationFailed : uiMessages.emailConfirmationError)
      }
    },

    // No provider session exists in this mode: nothing to end and nothing to watch.
    signOutOfProvider() {
      return Promise.resolve()
    },

    watchProvider() {
      return () => undefined
    },
  }
}

function isInvalidLink(error: unknown): boolean {
  const code = errorCode(error)
  if (code === 'UNAUTHORIZED' || code === 'NOT_FOUND' || code === 'FORBIDDEN') return true
  return errorMessage(error, '').includes(messages.invalidResetLink)
}

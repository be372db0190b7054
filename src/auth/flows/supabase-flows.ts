import type { Session as ProviderSession, SupabaseClient, User as ProviderUser } from '@supabase/supabase-js'
import { timers } from '#app.catalog.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { messages } from '#rules/auth-rules.ts'
import type { Session } from '#src/auth/auth-types.ts'
import { deriveNames, derivedOAuthPassword } from '#rules/oauth-names.ts'
import { backendRegistrationMessage, isInvalidCredentials, mapSignUpProviderError } from '#src/auth/provider-errors.ts'
import { errorCode, errorDetails, errorMessage, publicErrorCode, serverAnswered } from '#src/auth/trpc-errors.ts'
import { nonEmpty } from '#src/lib/text.ts'
import type { AuthFlows } from './auth-flows.ts'
import type { AppClient } from './embedded-flows.ts'
import { createSupabaseFactors } from './supabase-factors.ts'

const fail = (error: string) => ({ success: false as const, error })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const origin = () => window.location.origin

/** A backend refusal that asks for the provider's second step: the factor to challenge stands in for the challenge token. */
function secondStepAsked(error: unknown, fallback: string) {
  const factorId = errorDetails(error)?.factorId
  if (publicErrorCode(error) !== 'mfa_required' || !factorId) return null
  return { ...fail(errorMessage(error, fallback)), challengeToken: factorId }
}

function userDetails(user: ProviderUser) {
  const names = deriveNames(user.user_metadata, user.email)
  return {
    id: user.id,
    email: user.email,
    first_name: names.firstName,
    last_name: names.lastName,
    avatar_url: typeof user.user_metadata.avatar_url === 'string' ? user.user_metadata.avatar_url : null,
  }
}

/** The hosted provider signs users in; the backend turns its token into the app's own tokens. */
export function createSupabaseFlows(client: AppClient, supabase: SupabaseClient): AuthFlows {
  const exchange = (session: ProviderSession): Promise<Session> =>
    client.accounts.supabaseLogin.mutate({
      supabase_token: session.access_token,
      user_details: userDetails(session.user),
    })

  let recoveryToken: string | null = null
  const factors = createSupabaseFactors(supabase)

  return {
    factors,

    // The "challenge token" is the Supabase factor the backend named; its code raises the session to aal2.
    async verifySecondStep(factorId, code) {
      const verified = await factors.verify(factorId, code)
      if (!verified.success) return verified
      try {
        return {
          success: true,
          session: await client.accounts.supabaseLogin.mutate({ supabase_token: verified.accessToken }),
        }
      } catch (error) {
        return fail(errorMessage(error, uiMessages.unexpected))
      }
    },

    async signIn(email, password) {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password })
      if (error) {
        if (isInvalidCredentials(error.message, error.code)) return fail(messages.invalidCredentials)
        if (error.code === 'email_not_confirmed')
          return { ...fail(nonEmpty(error.message) ?? uiMessages.loginFailed), unconfirmed: true as const }
        return fail(nonEmpty(error.message) ?? uiMessages.loginFailed)
      }
      try {
        return { success: true, session: await exchange(data.session) }
      } catch (backendError) {
        if (!serverAnswered(backendError)) return fail(uiMessages.unexpected)
        const asked = secondStepAsked(backendError, uiMessages.loginFailed)
        if (asked) return asked
        // An unconfirmed address or a rate limit says what to do; anything else means no backend account.
        const code = errorCode(backendError)
        if (code === 'FORBIDDEN' || code === 'TOO_MANY_REQUESTS')
          return fail(errorMessage(backendError, uiMessages.loginFailed))
        return fail(backendRegistrationMessage(errorMessage(backendError, '')))
      }
    },

    async resendConfirmation(email) {
      // Supabase keeps the unconfirmed account here, and rate-limits its own mail.
      const { error } = await supabase.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: `${origin()}/email-confirmed` },
      })
      if (error?.status === 429) return fail(nonEmpty(error.message) ?? uiMessages.unexpected)
      return { success: true, message: messages.confirmationResent }
    },

    async signUp(input) {
      const { data, error } = await supabase.auth.signUp({
        email: input.email,
        password: input.password,
        options: {
          emailRedirectTo: `${origin()}/email-confirmed`,
          data: { first_name: input.firstName, last_name: input.lastName },
        },
      })
      if (error)
        return fail(
          mapSignUpProviderError(error.code === 'user_already_exists' ? 'already been registered' : error.message),
        )
      // With confirmation on, Supabase answers a repeated sign-up with a user that has no identities instead of an error.
      if (data.user && data.user.identities?.length === 0)
        return fail(mapSignUpProviderError('already been registered'))
      if (data.session && data.user?.email_confirmed_at) {
        try {
          return { success: true, session: await exchange(data.session), needsConfirmation: false }
        } catch {
          // A backend failure still leaves a provider account to confirm.
        }
      }
      // The backend account is created from the verified token at the first sign-in (accounts.supabaseLogin).
      return { success: true, session: null, needsConfirmation: true, message: messages.accountCreated }
    },

    async signInWithGoogle() {
      const { error } = await supabase.auth.signInWithOAuth({
        provider: 'google',
        options: {
          redirectTo: `${origin()}/auth/callback`,
          queryParams: { access_type: 'offline', prompt: 'consent' },
        },
      })
      return error ? fail(error.message || uiMessages.googleSignInFailed) : { success: true }
    },

    async completeGoogleSignIn() {
      let { data } = await supabase.auth.getSession()
      if (!data.session) {
        // The session from the redirect may still be being stored: retry once.
        await sleep(timers.callbackRetry)
        ;({ data } = await supabase.auth.getSession())
      }
      const session = data.session
      if (!session) return fail(uiMessages.noSession)
      const email = session.user.email
      if (!email) return fail(uiMessages.oauthFailed)
      const names = deriveNames(session.user.user_metadata, email)
      try {
        const backendSession = await client.accounts.oauthLogin.mutate({
          email,
          password: derivedOAuthPassword(session.user.id),
          firstName: names.firstName,
          lastName: names.lastName,
          provider: 'google',
          supabase_token: session.access_token,
        })
        return { success: true, session: backendSession }
      } catch (error) {
        const asked = secondStepAsked(error, uiMessages.oauthFailed)
        if (asked) return asked
        return fail(`${uiMessages.backendAuthFailed}${errorMessage(error, uiMessages.oauthFailed)}`)
      }
    },

    async requestPasswordReset(email) {
      const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${origin()}/reset-password` })
      if (error) return fail(error.message || uiMessages.passwordResetFailed)
      const backend = await client.accounts.requestPasswordReset.mutate({ email }).catch(() => null)
      return { success: true, message: backend?.message ?? messages.resetRequested }
    },

    async beginPasswordRecovery(tokens) {
      const { error } = await supabase.auth.setSession({
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
      })
      if (error) return fail(messages.invalidResetLink)
      recoveryToken = tokens.accessToken
      return { success: true }
    },

    async updatePassword(password) {
      const { error } = await supabase.auth.updateUser({ password })
      if (error) {
        const invalidLink = error.name === 'AuthSessionMissingError' || error.status === 401
        return {
          success: false,
          error: invalidLink ? messages.invalidResetLink : error.message || uiMessages.passwordUpdateFailed,
          invalidLink,
        }
      }
      // The provider holds the password that signs in; the backend copy only has to follow it.
      if (recoveryToken)
        await client.accounts.resetPassword.mutate({ token: recoveryToken, password }).catch(() => undefined)
      recoveryToken = null
      // The recovery session must not linger as a half sign-in: the user signs in with the new password.
      await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
      return { success: true }
    },

    async confirmEmail() {
      try {
        const { data } = await supabase.auth.getSession()
        return data.session?.user.email_confirmed_at ? { success: true } : fail(uiMessages.emailConfirmationFailed)
      } catch {
        return fail(uiMessages.emailConfirmationError)
      }
    },

    async signOutOfProvider() {
      await supabase.auth.signOut().catch(() => undefined)
    },

    watchProvider(handlers) {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // Calling back into the provider inside this callback can deadlock its lock: defer.
        if (event === 'SIGNED_IN' && session) {
          setTimeout(() => handlers.onSignedIn(() => exchange(session).catch(() => null)), 0)
        } else if (event === 'SIGNED_OUT') {
          setTimeout(handlers.onSignedOut, 0)
        }
      })
      return () => data.subscription.unsubscribe()
    },
  }
}

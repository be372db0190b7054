import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { noFeatures } from '#app.catalog.ts'
import { useTRPC, useTRPCClient } from '#src/trpc/react.ts'
import { uiMessages } from './auth-messages.ts'
import { AuthContext, type AuthContextValue } from './auth-context.ts'
import { createAuthStore } from './auth-store.ts'
import { loadFlows, restoreAccount, type LoadedFlows } from './auth-session.ts'
import type { Account, AuthMode, Session } from './auth-types.ts'
import { clearTokens, hasStoredTokens, onTokensChange, readRefreshToken, writeTokens } from './token-storage.ts'

type State = {
  loading: boolean
  account: Account | null
  mode: AuthMode | null
  devMailbox: boolean
  signingOut: boolean
}

/** Pages that finish a provider redirect themselves; a provider sign-in event there is theirs to handle. */
const pagesHandlingProviderSessions = ['/auth/callback', '/reset-password']

const unexpected = { success: false as const, error: uiMessages.unexpected }

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const gate = useRouteContext({ from: '__root__', select: (context) => context.auth })
  const [state, setState] = useState<State>({
    loading: true,
    account: null,
    mode: null,
    devMailbox: false,
    signingOut: false,
  })
  const flowsRef = useRef<Promise<LoadedFlows> | null>(null)
  // Explicit flows exchange the provider token themselves; the provider's event must not do it twice.
  const explicitFlows = useRef(0)

  const actions = useMemo(() => {
    const setAccount = (account: Account | null) => {
      gate.changed(account !== null)
      setState((current) => ({ ...current, account }))
    }
    const adopt = ({ tokens, ...account }: Session) => {
      writeTokens(tokens)
      setAccount(account)
    }
    const signedOut = () => {
      clearTokens()
      setAccount(null)
    }
    const load = () => {
      // The root route loads the settings during SSR: reading them from the cache costs no request.
      flowsRef.current ??= loadFlows(client, () =>
        queryClient.query({ ...trpc.accounts.signInSettings.queryOptions(), staleTime: 'static' }),
      )
      return flowsRef.current
    }
    const flows = async () => (await load()).flows
    const explicitly = async <T,>(run: () => Promise<T>, onThrow: T): Promise<T> => {
      explicitFlows.current += 1
      try {
        return await run()
      } catch {
        return onThrow
      } finally {
        explicitFlows.current -= 1
      }
    }
    const refreshUser = async () => {
      const account = await restoreAccount(client)
      if (account || !hasStoredTokens()) setAccount(account)
    }

    return {
      adopt,
      signedOut,
      load,
      flows,
      refreshUser,
      providerFactors: async () => (await flows()).factors,
      signIn: (email: string, password: string) =>
        explicitly(async () => {
          const result = await (await flows()).signIn(email.trim(), password)
          if (!result.success) return result
          adopt(result.session)
          return { success: true as const }
        }, unexpected),
      verifySecondStep: (challengeToken: string, code: string) =>
        explicitly(async () => {
          const result = await (await flows()).verifySecondStep(challengeToken, code.trim())
          if (!result.success) return result
          adopt(result.session)
          return { success: true as const }
        }, unexpected),
      resendConfirmation: (email: string) =>
        explicitly(async () => (await flows()).resendConfirmation(email.trim()), unexpected),
      signUp: (input: Parameters<AuthContextValue['signUp']>[0]) =>
        explicitly(
          async () => {
            const result = await (
              await flows()
            ).signUp({
              ...input,
              email: input.email.trim(),
              firstName: input.firstName.trim(),
              lastName: input.lastName.trim(),
            })
            if (!result.success) return result
            if (result.session) adopt(result.session)
            return {
              success: true as const,
              needsConfirmation: result.needsConfirmation,
              ...(result.message ? { message: result.message } : {}),
            }
          },
          { success: false as const, error: uiMessages.signUpFailed },
        ),
      signInWithGoogle: () =>
        explicitly(async () => (await flows()).signInWithGoogle(), {
          success: false as const,
          error: uiMessages.googleSignInUnexpected,
        }),
      oauthLogin: () =>
        explicitly(
          async () => {
            const result = await (await flows()).completeGoogleSignIn()
            if (!result.success) return result
            adopt(result.session)
            return { success: true as const }
          },
          { success: false as const, error: uiMessages.authenticationFailed },
        ),
      resetPassword: (email: string) =>
        explicitly(async () => (await flows()).requestPasswordReset(email.trim()), {
          success: false as const,
          error: uiMessages.passwordResetFailed,
        }),
      beginPasswordRecovery: (tokens: Parameters<AuthContextValue['beginPasswordRecovery']>[0]) =>
        explicitly(async () => (await flows()).beginPasswordRecovery(tokens), {
          success: false as const,
          error: uiMessages.passwordUpdateFailed,
        }),
      updatePassword: (password: string) =>
        explicitly(async () => (await flows()).updatePassword(password), {
          success: false as const,
          error: uiMessages.passwordUpdateFailed,
          invalidLink: false,
        }),
      confirmEmail: (token: string | null) =>
        explicitly(async () => (await flows()).confirmEmail(token), {
          success: false as const,
          error: uiMessages.emailConfirmationError,
        }),
      signOut: async () => {
        setState((current) => ({ ...current, signingOut: true }))
        const refreshToken = readRefreshToken()
        // Signing out clears the tokens whatever the server answers.
        await client.accounts.logout.mutate(refreshToken ? { refreshToken } : undefined).catch(() => undefined)
        await (await flows().catch(() => null))?.signOutOfProvider()
        clearTokens()
        gate.changed(false)
        setState((current) => ({ ...current, account: null, signingOut: false }))
      },
    }
  }, [client, trpc, queryClient, gate])

  useEffect(() => {
    let active = true
    let stopWatching: () => void = () => undefined
    void actions.load().then(({ flows, mode, devMailbox }) => {
      if (!active) return
      setState((current) => ({ ...current, mode, devMailbox }))
      stopWatching = flows.watchProvider({
        onSignedIn: (exchange) => {
          if (explicitFlows.current > 0 || hasStoredTokens()) return
          if (pagesHandlingProviderSessions.includes(window.location.pathname)) return
          void exchange().then((session) => (session ? actions.adopt(session) : actions.signedOut()))
        },
        onSignedOut: actions.signedOut,
      })
    })
    void restoreAccount(client).then((account) => {
      if (!active) return
      // A sign-in that finished first wins over the stored tokens' answer.
      gate.checked(account !== null)
      setState((current) => ({ ...current, loading: false, account: current.account ?? account }))
    })
    const stopListening = onTokensChange((source) => {
      // Cleared here (a rejected refresh) or in another tab: signed out everywhere.
      if (!hasStoredTokens()) {
        gate.changed(false)
        setState((current) => (current.account ? { ...current, account: null } : current))
      } else if (source === 'other-tab') void actions.refreshUser()
    })
    return () => {
      active = false
      stopWatching()
      stopListening()
    }
  }, [client, actions, gate])

  // Signed out while on a signed-in page (here, in another tab, or a rejected refresh): its layout route's check runs again.
  const signedIn = state.account !== null
  const wasSignedIn = useRef(false)
  useEffect(() => {
    const signedOut = wasSignedIn.current && !signedIn
    wasSignedIn.current = signedIn
    if (signedOut && router.state.matches.some((match) => match.routeId === '/_authed')) void router.invalidate()
  }, [signedIn, router])

  const value = useMemo<AuthContextValue>(
    () => ({
      loading: state.loading,
      user: state.account?.user ?? null,
      subscription: state.account?.subscription ?? null,
      features: state.account?.features ?? noFeatures,
      mode: state.mode,
      devMailbox: state.devMailbox,
      signingOut: state.signingOut,
      signIn: actions.signIn,
      verifySecondStep: actions.verifySecondStep,
      resendConfirmation: actions.resendConfirmation,
      signUp: actions.signUp,
      signInWithGoogle: actions.signInWithGoogle,
      oauthLogin: actions.oauthLogin,
      resetPassword: actions.resetPassword,
      beginPasswordRecovery: actions.beginPasswordRecovery,
      updatePassword: actions.updatePassword,
      confirmEmail: actions.confirmEmail,
      refreshUser: actions.refreshUser,
      providerFactors: actions.providerFactors,
      signOut: actions.signOut,
    }),
    [state, actions],
  )

  // eslint-disable-next-line react-hooks/refs -- the store keeps the value for its readers; no ref is read while rendering
  const [store] = useState(() => createAuthStore(value))
  useLayoutEffect(() => store.set(value), [store, value])
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>
}

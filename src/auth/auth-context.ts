import { createContext, useContext, useSyncExternalStore } from 'react'
import type { Features } from '#app.catalog.ts'
import type { PasswordUpdateResult } from './flows/auth-flows.ts'
import type { ProviderFactors } from './flows/supabase-factors.ts'
import type { AuthStore } from './auth-store.ts'
import type { AuthMode, AuthResult, RecoveryTokens, SignUpInput, Subscription, User } from './auth-types.ts'

type SignUpResult = AuthResult<{ needsConfirmation: boolean; message?: string }>

export type AuthContextValue = {
  /** True from the start until stored tokens were checked; then the user is signed out or signed in. */
  loading: boolean
  user: User | null
  subscription: Subscription | null
  features: Features
  /** Null until the server said which mode it runs in. */
  mode: AuthMode | null
  devMailbox: boolean
  signingOut: boolean
  signIn: (
    email: string,
    password: string,
  ) => Promise<AuthResult | { success: false; error: string; unconfirmed?: true; challengeToken?: string }>
  /** The second step of a sign-in that asked for a code. */
  verifySecondStep: (challengeToken: string, code: string) => Promise<AuthResult>
  /** Mails a new confirmation link (same answer whether or not the address has an account). */
  resendConfirmation: (email: string) => Promise<AuthResult<{ message: string }>>
  signUp: (input: SignUpInput) => Promise<SignUpResult>
  signInWithGoogle: () => Promise<AuthResult>
  /** Completes Google sign-in on /auth/callback. */
  oauthLogin: () => Promise<AuthResult | { success: false; error: string; challengeToken?: string }>
  /** Requests a reset link. */
  resetPassword: (email: string) => Promise<AuthResult<{ message: string }>>
  beginPasswordRecovery: (tokens: RecoveryTokens) => Promise<AuthResult>
  /** Sets the new password of a recovery link. */
  updatePassword: (password: string) => Promise<PasswordUpdateResult>
  confirmEmail: (token: string | null) => Promise<AuthResult>
  refreshUser: () => Promise<void>
  /** Supabase mode's factors for /profile; null in embedded mode, where the backend keeps them. */
  providerFactors: () => Promise<ProviderFactors | null>
  signOut: () => Promise<void>
}

export const AuthContext = createContext<AuthStore | null>(null)

/** The signed-in state; a component re-renders when it changes (through the store, see auth-store.ts). */
export function useAuth(): AuthContextValue {
  const store = useContext(AuthContext)
  if (!store) throw new Error('useAuth() must be called inside <AuthProvider>')
  return useSyncExternalStore(store.subscribe, store.get, store.initial)
}

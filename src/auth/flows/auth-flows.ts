import type {
  AuthResult,
  RecoveryTokens,
  Session,
  SignInResult,
  SignUpInput,
  SignUpOutcome,
} from '#src/auth/auth-types.ts'
import type { ProviderFactors } from './supabase-factors.ts'

export type PasswordUpdateResult = { success: true } | { success: false; error: string; invalidLink: boolean }

/**
 * One implementation per auth mode: the backend alone (embedded) or the hosted provider first
 * (supabase). They only talk to the services; the AuthProvider owns state and storage.
 */
export type AuthFlows = {
  /** The hosted provider's own second-step factors; null when the backend keeps them (embedded). */
  factors: ProviderFactors | null
  signIn(email: string, password: string): Promise<SignInResult>
  /** Completes a sign-in that asked for a code: the challenge token and a 6-digit or recovery code. */
  verifySecondStep(challengeToken: string, code: string): Promise<SignInResult>
  /** Mails a new confirmation link; the answer never tells whether the address has an account. */
  resendConfirmation(email: string): Promise<AuthResult<{ message: string }>>
  signUp(input: SignUpInput): Promise<AuthResult<SignUpOutcome>>
  /** Starts the Google redirect; on success the browser leaves the page. */
  signInWithGoogle(): Promise<AuthResult>
  /** Finishes Google sign-in on /auth/callback. */
  completeGoogleSignIn(): Promise<SignInResult>
  requestPasswordReset(email: string): Promise<AuthResult<{ message: string }>>
  beginPasswordRecovery(tokens: RecoveryTokens): Promise<AuthResult>
  updatePassword(password: string): Promise<PasswordUpdateResult>
  confirmEmail(token: string | null): Promise<AuthResult>
  /** Ends the provider's own session, if any; never throws. */
  signOutOfProvider(): Promise<void>
  /** Provider events: a sign-in elsewhere to exchange, or a sign-out. */
  watchProvider(handlers: ProviderHandlers): () => void
}

type ProviderHandlers = {
  /** The provider signed a user in outside an explicit flow; resolve with the backend session or null. */
  onSignedIn: (exchange: () => Promise<Session | null>) => void
  onSignedOut: () => void
}

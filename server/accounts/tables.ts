export type AccountTables = {
  /** E-mail (lower-cased) to user: the uniqueness guard of sign-up, written with UserRegistered. */
  user_emails: { email: string; user_id: string }
  provider_identities: { provider: string; provider_user_id: string; user_id: string }
  user_credentials: { user_id: string; password_hash: string; updated_at: Date }
  refresh_tokens: {
    id: string
    user_id: string
    family_id: string
    token_hash: string
    created_at: Date
    expires_at: Date
    rotated_at: Date | null
    revoked_at: Date | null
  }
  /** A sign-in session (a refresh-token family) and the role its access tokens must name. */
  auth_sessions: { id: string; user_id: string; role: 'user' | 'support'; started_at: Date; ended_at: Date | null }
  email_tokens: {
    token_hash: string
    user_id: string
    purpose: 'confirm-email' | 'reset-password'
    created_at: Date
    expires_at: Date
    used_at: Date | null
  }
  rate_limits: { bucket: string; window_start: Date; hits: number }
  /** A sign-in waiting for its second step (decision 0092); only the challenge token's hash is kept. */
  sign_in_challenges: {
    token_hash: string
    user_id: string
    method: 'password' | 'google' | 'supabase'
    provider_user_id: string | null
    failures: number
    expires_at: Date
    used_at: Date | null
  }
  /** The sandbox Google provider's one-time codes (development only); the code itself is never stored. */
  sandbox_identity_codes: { code_hash: string; challenge: string; email: string; full_name: string; expires_at: Date }
}

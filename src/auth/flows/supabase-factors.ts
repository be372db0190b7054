import type { AuthError, SupabaseClient } from '@supabase/supabase-js'
import type { AuthResult } from '#src/auth/auth-types.ts'
import { nonEmpty } from '#src/lib/text.ts'

/** An authenticator app as /profile lists it. */
export type ProviderFactor = { id: string; name: string; addedAt: string; lastUsedAt: string | null }

type ProviderEnrolment = { factorId: string; secret: string; qrCode: string }

/**
 * Two-step sign-in where the hosted provider keeps the factors (Supabase mode): its TOTP factors,
 * enrolled, challenged, verified and removed with the signed-in provider session.
 */
export type ProviderFactors = {
  list(): Promise<AuthResult<{ factors: ProviderFactor[] }>>
  /** A new, unconfirmed factor: its key and QR code, shown once. */
  enrol(name: string): Promise<AuthResult<ProviderEnrolment>>
  /** The first code confirms the factor (and raises the provider session to aal2). */
  confirm(factorId: string, code: string): Promise<AuthResult>
  /** An abandoned enrolment; errors are ignored. */
  discard(factorId: string): Promise<void>
  /** A current code first (the provider removes a confirmed factor only at aal2), then the removal. */
  remove(factorId: string, code: string): Promise<AuthResult>
  /** Passes the second step of a sign-in: the provider's access token, now at aal2. */
  verify(factorId: string, code: string): Promise<AuthResult<{ accessToken: string }>>
}

const codeRefused = 'That code is not right. Check the time on your phone and try again.'

function failure(error: AuthError, fallback: string) {
  if (error.code === 'mfa_verification_failed') return { success: false as const, error: codeRefused }
  return { success: false as const, error: nonEmpty(error.message) ?? fallback }
}

/**
 * supabase-js marks its SVG as `data:image/svg+xml;utf-8,<svg…>`, unescaped: a `#` in it (a colour)
 * would end the address early, so the picture is escaped here.
 */
function svgDataUrl(qrCode: string): string {
  const svg = qrCode.slice(qrCode.indexOf('<'))
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export function createSupabaseFactors(supabase: SupabaseClient): ProviderFactors {
  const mfa = supabase.auth.mfa
  const challengeAndVerify = (factorId: string, code: string) => mfa.challengeAndVerify({ factorId, code: code.trim() })

  return {
    async list() {
      const { data, error } = await mfa.listFactors()
      if (error) return failure(error, 'Your authenticators could not be loaded.')
      return {
        success: true,
        factors: data.totp.map((factor) => ({
          id: factor.id,
          name: nonEmpty(factor.friendly_name) ?? 'Authenticator app',
          addedAt: factor.created_at,
          lastUsedAt: factor.last_challenged_at ?? null,
        })),
      }
    },

    async enrol(name) {
      const { data, error } = await mfa.enroll({ factorType: 'totp', friendlyName: name.trim() })
      if (error) return failure(error, 'The authenticator could not be added. Please try again.')
      return { success: true, factorId: data.id, secret: data.totp.secret, qrCode: svgDataUrl(data.totp.qr_code) }
    },

    async confirm(factorId, code) {
      const { error } = await challengeAndVerify(factorId, code)
      return error ? failure(error, 'The code could not be checked. Please try again.') : { success: true }
    },

    async discard(factorId) {
      await mfa.unenroll({ factorId }).catch(() => undefined)
    },

    async remove(factorId, code) {
      const verified = await challengeAndVerify(factorId, code)
      if (verified.error) return failure(verified.error, 'The code could not be checked. Please try again.')
      const { error } = await mfa.unenroll({ factorId })
      return error ? failure(error, 'The authenticator could not be removed. Please try again.') : { success: true }
    },

    async verify(factorId, code) {
      const { data, error } = await challengeAndVerify(factorId, code)
      if (error) return failure(error, 'The code could not be checked. Please try again.')
      return { success: true, accessToken: data.access_token }
    },
  }
}

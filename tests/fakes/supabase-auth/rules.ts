/** GoTrue's input rules and mail sending, shared by the routes (mail.go, password.go, pkce.go). */
import { badRequest, GoTrueHttpError, tooManyRequests } from './errors.ts'
import { queryEscape, referrer, type RequestContext } from './http.ts'
import { newOtp, type AuthState, type FakeSupabaseConfig, type FakeUser } from './state.ts'

/** The pattern of github.com/badoux/checkmail.ValidateFormat, which GoTrue uses. */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!emailPattern.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

export function checkPasswordStrength(config: FakeSupabaseConfig, password: string): void {
  if (password.length > 72) throw badRequest('validation_failed', 'Password cannot be longer than 72 characters')
  const reasons: string[] = []
  const messages: string[] = []
  if (password.length < config.passwordMinLength) {
    reasons.push('length')
    messages.push(`Password should be at least ${config.passwordMinLength} characters.`)
  }
  if (
    config.passwordRequiredCharacters.some(
      // eslint-disable-next-line @typescript-eslint/no-misused-spread -- GoTrue compares code points, which the spread gives
      (set) => set !== '' && ![...set].some((character) => password.includes(character)),
    )
  ) {
    reasons.push('characters')
    messages.push(
      `Password should contain at least one character of each: ${config.passwordRequiredCharacters.join(', ')}.`,
    )
  }
  if (reasons.length > 0) throw new GoTrueHttpError(422, 'weak_password', messages.join(' '), reasons)
}

export type FlowType = 'implicit' | 'pkce'
export type PkceParams = { codeChallenge: string; codeChallengeMethod: 's256' | 'plain' } | undefined

export function pkceParams(challenge: string | null | undefined, method: string | null | undefined): PkceParams {
  const codeChallenge = challenge ?? ''
  const codeChallengeMethod = (method ?? '').toLowerCase()
  if (codeChallenge === '' && codeChallengeMethod === '') return undefined
  if (codeChallenge === '' || codeChallengeMethod === '') {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (codeChallengeMethod !== 's256' && codeChallengeMethod !== 'plain') {
    throw badRequest('validation_failed', `code challenge method not supported: ${codeChallengeMethod}`)
  }
  if (codeChallenge.length < 43 || codeChallenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(codeChallenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    )
  }
  return { codeChallenge, codeChallengeMethod }
}

export const pkcePrefix = 'pkce_'

function encodeRedirectUrl(url: string): string {
  return /[&=#]/.test(url) ? queryEscape(url) : url
}

/**
 * sendConfirmation / sendPasswordRecovery: the per-user interval first, then the project-wide
 * hourly limit (skipped under autoconfirm, as GoTrue does), then the mail with its link.
 */
export function sendMail(
  state: AuthState,
  ctx: RequestContext,
  user: FakeUser,
  type: 'signup' | 'recovery',
  flow: FlowType,
): void {
  const config = state.config
  const now = Date.now()
  const lastSent = type === 'signup' ? user.confirmationSentAt : user.recoverySentAt
  const intervalMs = config.emailMinIntervalSeconds * 1000
  if (lastSent && lastSent.getTime() + intervalMs > now) {
    const left = Math.trunc((lastSent.getTime() + intervalMs - now) / 1000)
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    )
  }
  const sentLastHour = state.mails.filter((mail) => mail.sentAt.getTime() > now - 3_600_000).length
  if (config.emailRateLimitPerHour <= 0 || (!config.autoconfirm && sentLastHour >= config.emailRateLimitPerHour)) {
    throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded')
  }
  const { otp, tokenHash } = newOtp(user.email)
  const token = flow === 'pkce' ? pkcePrefix + tokenHash : tokenHash
  const sentAt = new Date(now)
  if (type === 'signup') {
    user.confirmationToken = token
    user.confirmationSentAt = sentAt
  } else {
    user.recoveryToken = token
    user.recoverySentAt = sentAt
  }
  const redirectTo = referrer(ctx, config)
  state.mails.push({
    to: user.email,
    subject: type === 'signup' ? 'Confirm Your Signup' : 'Reset Your Password',
    type,
    link: `${ctx.base}/auth/v1/verify?token=${queryEscape(token)}&type=${type}&redirect_to=${encodeRedirectUrl(redirectTo)}`,
    otp,
    tokenHash: token,
    redirectTo,
    sentAt,
  })
}

/**
 * GET /verify (the link in the mails: redirects with the session in the URL fragment, a PKCE code
 * in the query, or the error in both) and POST /verify (token hash or e-mail + OTP; answers JSON).
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { Handler } from './account-routes.ts'
import {
  badRequest,
  emailLinkInvalidMessage,
  forbidden,
  GoTrueHttpError,
  oauthErrorName,
  unprocessable,
} from './errors.ts'
import { bodyOf, json, redirect, referrer, withFragment, withQuery, type Reply, type RequestContext } from './http.ts'
import { pkcePrefix, validateEmail } from './rules.ts'
import type { AuthState, FakeUser } from './state.ts'

type VerificationType = 'signup' | 'recovery'

const verifyBody = z.looseObject({
  type: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
})

export function verifyRoutes(state: AuthState): Record<string, Handler> {
  const config = state.config

  function verificationType(type: string): VerificationType {
    if (type === 'signup' || type === 'invite') return 'signup'
    if (type === 'recovery' || type === 'magiclink') return 'recovery'
    throw badRequest('validation_failed', 'Invalid email verification type')
  }

  function isExpired(sentAt: Date | undefined): boolean {
    return !sentAt || sentAt.getTime() + config.otpExpirySeconds * 1000 < Date.now()
  }

  function userByTokenHash(type: VerificationType, tokenHash: string): FakeUser {
    for (const user of state.users.values()) {
      const stored = type === 'signup' ? user.confirmationToken : user.recoveryToken
      if (stored === '' || stored !== tokenHash) continue
      if (isExpired(type === 'signup' ? user.confirmationSentAt : user.recoverySentAt)) break
      return user
    }
    throw forbidden('otp_expired', emailLinkInvalidMessage)
  }

  /** signupVerify / recoverVerify: both leave the e-mail confirmed and the one-time token spent. */
  function applyVerification(user: FakeUser, type: VerificationType): void {
    if (type === 'recovery') user.recoveryToken = ''
    if (type === 'signup' || !user.emailConfirmedAt) state.confirm(user)
  }

  async function verifyGet(ctx: RequestContext): Promise<Reply> {
    const type = ctx.url.searchParams.get('type') ?? ''
    const token = ctx.url.searchParams.get('token') ?? ''
    if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
    if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash')
    const redirectTo = referrer(ctx, config)
    const pkce = token.startsWith(pkcePrefix)
    try {
      const kind = verificationType(type)
      const user = userByTokenHash(kind, token)
      applyVerification(user, kind)
      if (pkce) {
        const method = kind === 'signup' ? 'email/signup' : 'recovery'
        const flow = state.findFlowState(
          (candidate) => candidate.userId === user.id && candidate.authenticationMethod === method,
        )
        if (!flow) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.')
        return redirect(withQuery(redirectTo, { code: flow.authCode }), 303)
      }
      const session = await state.issueSession(user, 'otp')
      return redirect(
        withFragment(redirectTo, {
          access_token: session.access_token,
          token_type: session.token_type,
          expires_in: String(session.expires_in),
          expires_at: String(session.expires_at),
          refresh_token: session.refresh_token,
          sb: '',
          type,
        }),
        303,
      )
    } catch (error) {
      if (!(error instanceof GoTrueHttpError)) throw error
      return redirect(errorRedirect(redirectTo, error, pkce), 303)
    }
  }

  async function verifyPost(ctx: RequestContext): Promise<Reply> {
    const body = bodyOf(ctx, verifyBody)
    const type = body.type ?? ''
    if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
    const token = body.token ?? ''
    const tokenHash = body.token_hash ?? ''
    if ((token === '') === (tokenHash === ''))
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
    let user: FakeUser
    let kind: VerificationType
    if (tokenHash !== '') {
      if (body.email || body.phone || body.redirect_to)
        throw badRequest('validation_failed', 'Only the token_hash and type should be provided')
      kind = verificationType(type === 'email' ? 'signup' : type)
      user = userByTokenHash(kind, tokenHash)
    } else {
      if (!body.email)
        throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify')
      const email = validateEmail(body.email)
      const hash = createHash('sha224')
        .update(email + token)
        .digest('hex')
      const candidate = state.findUserByEmail(email)
      if (!candidate) throw forbidden('otp_expired', 'Token has expired or is invalid')
      const matches = (stored: string, sentAt: Date | undefined) =>
        stored.replace(pkcePrefix, '') === hash && !isExpired(sentAt)
      if (
        (type === 'signup' || type === 'email') &&
        matches(candidate.confirmationToken, candidate.confirmationSentAt)
      ) {
        kind = 'signup'
      } else if (
        (type === 'recovery' || type === 'magiclink' || type === 'email') &&
        matches(candidate.recoveryToken, candidate.recoverySentAt)
      ) {
        kind = 'recovery'
      } else {
        throw forbidden('otp_expired', 'Token has expired or is invalid')
      }
      user = candidate
    }
    applyVerification(user, kind)
    return json(await state.issueSession(user, 'otp'))
  }

  return { 'GET /auth/v1/verify': verifyGet, 'POST /auth/v1/verify': verifyPost }
}

/** prepErrorRedirectURL: the error in the fragment, and for PKCE also in the query. */
function errorRedirect(redirectTo: string, error: GoTrueHttpError, pkce: boolean): string {
  const values: Record<string, string> = { error_code: error.errorCode, error_description: error.message }
  const name = oauthErrorName(error.status)
  if (name) values.error = name
  const target = pkce ? withQuery(redirectTo, values) : redirectTo
  return withFragment(target, { ...values, sb: '' })
}

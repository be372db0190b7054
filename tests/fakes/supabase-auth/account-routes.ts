/** Sign-up, password and refresh-token grants, the user endpoints, recovery, logout (signup.go, token.go, user.go, recover.go, logout.go). */
import { createHash, randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  badRequest,
  GoTrueHttpError,
  GoTrueOAuthError,
  invalidLoginMessage,
  notFound,
  unprocessable,
} from './errors.ts'
import { authenticate, bodyOf, json, referrer, type Reply, type RequestContext } from './http.ts'
import type { ProjectKeys } from './keys.ts'
import { checkPasswordStrength, pkceParams, sendMail, validateEmail } from './rules.ts'
import { hashPassword, passwordMatches, userJson, type AuthState, type FakeUser, type Json } from './state.ts'

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>

const metadata = z.record(z.string(), z.unknown())
const signupBody = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
})
const passwordGrantBody = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
})
const refreshGrantBody = z.looseObject({ refresh_token: z.string().optional() })
const pkceGrantBody = z.looseObject({ auth_code: z.string().optional(), code_verifier: z.string().optional() })
const userUpdateBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().nullish(),
  data: metadata.nullish(),
})
const recoverBody = z.looseObject({
  email: z.string().optional(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
})

export function accountRoutes(state: AuthState, keys: ProjectKeys, idTokenGrant: Handler): Record<string, Handler> {
  const config = state.config

  async function signup(ctx: RequestContext): Promise<Reply> {
    const body = bodyOf(ctx, signupBody)
    const password = body.password ?? ''
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password')
    checkPasswordStrength(config, password)
    if (body.email && body.phone)
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.')
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method)
    if (!body.email) {
      if (body.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
      throw badRequest('validation_failed', 'Sign up only available with email provider')
    }
    const email = validateEmail(body.email)
    const data = body.data ?? {}

    const existing = state.findUserByEmail(email)
    if (existing?.emailConfirmedAt) {
      if (config.autoconfirm) throw unprocessable('user_already_exists', 'User already registered')
      return json(obfuscatedUser(email, data))
    }
    let user = existing
    if (!user) {
      user = state.createUser({ email, password, provider: 'email', identityData: {} })
      const identity = state.addIdentity(user, 'email', user.id, {
        ...data,
        sub: user.id,
        email,
        email_verified: false,
        phone_verified: false,
      })
      user.userMetadata = { ...identity.identityData }
    }
    if (config.autoconfirm) {
      state.confirm(user)
      return json(await state.issueSession(user, 'password'))
    }
    try {
      if (pkce) {
        state.createFlowState({
          ...pkce,
          provider: 'email',
          authenticationMethod: 'email/signup',
          userId: user.id,
          referrer: referrer(ctx, config),
        })
      }
      sendMail(state, ctx, user, 'signup', pkce ? 'pkce' : 'implicit')
    } catch (error) {
      // GoTrue signs up inside one transaction: a mail that cannot go out leaves no user behind.
      if (!existing) state.users.delete(user.id)
      throw error
    }
    return json(userJson(user))
  }

  /** sanitizeUser: a repeated sign-up looks like a new one, so it leaks nothing about who is registered. */
  function obfuscatedUser(email: string, data: Json): Json {
    const now = new Date().toISOString()
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    }
  }

  async function passwordGrant(ctx: RequestContext): Promise<Reply> {
    const body = bodyOf(ctx, passwordGrantBody)
    if (body.email && body.phone)
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.')
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
    if (!body.email) throw badRequest('validation_failed', 'missing email or phone')
    const user = state.findUserByEmail(body.email)
    const password = body.password ?? ''
    if (!user || !passwordMatches(user, password)) throw badRequest('invalid_credentials', invalidLoginMessage)
    if (!user.emailConfirmedAt) throw badRequest('email_not_confirmed', 'Email not confirmed')
    const response = await state.issueSession(user, 'password')
    try {
      checkPasswordStrength(config, password)
    } catch (error) {
      if (error instanceof GoTrueHttpError && error.weakPasswordReasons) {
        response.weak_password = { message: error.message, reasons: error.weakPasswordReasons }
      }
    }
    return json(response)
  }

  async function refreshGrant(ctx: RequestContext): Promise<Reply> {
    const token = bodyOf(ctx, refreshGrantBody).refresh_token ?? ''
    if (token === '') throw new GoTrueOAuthError('invalid_request', 'refresh_token required')
    const record = state.refreshTokens.get(token)
    if (!record) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const session = state.sessions.get(record.sessionId)
    const user = session ? state.users.get(session.userId) : undefined
    if (!session || !user) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    if (record.revoked) {
      // Reuse of a rotated token outside GoTrue's reuse interval ends the whole session.
      state.endSessions(user.id, (other) => other.id !== session.id)
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }
    record.revoked = true
    return json(await state.tokenResponse(user, session, state.newRefreshToken(session.id)))
  }

  async function pkceGrant(ctx: RequestContext): Promise<Reply> {
    const body = bodyOf(ctx, pkceGrantBody)
    if (!body.auth_code || !body.code_verifier) {
      throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
    }
    const flow = state.findFlowState((candidate) => candidate.authCode === body.auth_code)
    const user = flow?.userId ? state.users.get(flow.userId) : undefined
    if (!flow || !user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (flow.createdAt.getTime() + config.flowStateExpirySeconds * 1000 < Date.now()) {
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired')
    }
    const expected =
      flow.codeChallengeMethod === 's256'
        ? createHash('sha256').update(body.code_verifier).digest('base64url')
        : body.code_verifier
    if (expected !== flow.codeChallenge)
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    state.flowStates.delete(flow.id)
    const method = flow.authenticationMethod === 'oauth' ? 'oauth' : 'otp'
    const response = await state.issueSession(user, method)
    if (flow.providerAccessToken) response.provider_token = flow.providerAccessToken
    if (flow.providerRefreshToken) response.provider_refresh_token = flow.providerRefreshToken
    return json(response)
  }

  async function token(ctx: RequestContext): Promise<Reply> {
    const bodyGrant = z.looseObject({ grant_type: z.string().optional() }).safeParse(ctx.body ?? {})
    const grantType =
      ctx.url.searchParams.get('grant_type') ?? (bodyGrant.success ? bodyGrant.data.grant_type : undefined) ?? ''
    if (grantType === 'password') return passwordGrant(ctx)
    if (grantType === 'refresh_token') return refreshGrant(ctx)
    if (grantType === 'pkce') return pkceGrant(ctx)
    if (grantType === 'id_token') return idTokenGrant(ctx)
    throw badRequest('invalid_credentials', 'unsupported_grant_type')
  }

  async function getUser(ctx: RequestContext): Promise<Reply> {
    const { user } = await authenticate(ctx, state, keys)
    return json(userJson(user))
  }

  async function updateUser(ctx: RequestContext): Promise<Reply> {
    const { user, session } = await authenticate(ctx, state, keys)
    const body = bodyOf(ctx, userUpdateBody)
    if (body.email !== undefined && body.email !== '' && validateEmail(body.email) !== user.email) {
      const email = validateEmail(body.email)
      if (state.findUserByEmail(email))
        throw unprocessable('email_exists', 'A user with this email address has already been registered')
      throw badRequest('validation_failed', 'The fake Supabase Auth server does not implement e-mail changes')
    }
    if (body.password !== undefined && body.password !== null) {
      checkPasswordStrength(config, body.password)
      if (body.password !== '') updatePassword(user, body.password, session?.id)
    }
    if (body.data) {
      const merged = new Map(Object.entries(user.userMetadata))
      for (const [key, value] of Object.entries(body.data)) {
        if (value === null) merged.delete(key)
        else merged.set(key, value)
      }
      user.userMetadata = Object.fromEntries(merged)
    }
    user.updatedAt = new Date()
    return json(userJson(user))
  }

  function updatePassword(user: FakeUser, password: string, currentSessionId: string | undefined): void {
    if (passwordMatches(user, password))
      throw unprocessable('same_password', 'New password should be different from the old password.')
    user.passwordHash = hashPassword(password)
    // models.User.UpdatePassword signs out every other session of the user.
    state.endSessions(user.id, (session) => session.id === currentSessionId)
  }

  function recover(ctx: RequestContext): Reply {
    const body = bodyOf(ctx, recoverBody)
    if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email')
    const email = validateEmail(body.email)
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method)
    const user = state.findUserByEmail(email)
    if (!user) return json({})
    if (pkce)
      state.createFlowState({
        ...pkce,
        provider: 'recovery',
        authenticationMethod: 'recovery',
        userId: user.id,
        referrer: referrer(ctx, config),
      })
    sendMail(state, ctx, user, 'recovery', pkce ? 'pkce' : 'implicit')
    return json({})
  }

  async function logout(ctx: RequestContext): Promise<Reply> {
    const scope = ctx.url.searchParams.get('scope') ?? ''
    if (!['', 'global', 'local', 'others'].includes(scope))
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
    const { user, session } = await authenticate(ctx, state, keys)
    if (session && scope === 'local') state.endSessions(user.id, (other) => other.id !== session.id)
    else if (session && scope === 'others') state.endSessions(user.id, (other) => other.id === session.id)
    else state.endSessions(user.id)
    return { kind: 'empty', status: 204 }
  }

  function settings(): Reply {
    const providers = [
      'anonymous_users',
      'apple',
      'azure',
      'bitbucket',
      'discord',
      'facebook',
      'figma',
      'github',
      'gitlab',
      'keycloak',
      'linkedin_oidc',
      'notion',
      'slack_oidc',
      'spotify',
      'twitch',
      'twitter',
      'workos',
      'zoom',
      'phone',
    ]
    const external: Record<string, boolean> = Object.fromEntries(providers.map((name) => [name, false]))
    return json({
      external: { ...external, email: true, google: config.googleEnabled },
      disable_signup: false,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    })
  }

  function jwks(): Reply {
    return {
      kind: 'json',
      status: 200,
      body: { keys: [keys.publicJwk] },
      headers: { 'cache-control': 'public, max-age=600' },
    }
  }

  return {
    'POST /auth/v1/signup': signup,
    'POST /auth/v1/token': token,
    'GET /auth/v1/user': getUser,
    'PUT /auth/v1/user': updateUser,
    'POST /auth/v1/recover': recover,
    'POST /auth/v1/logout': logout,
    'GET /auth/v1/settings': settings,
    'GET /auth/v1/.well-known/jwks.json': jwks,
  }
}

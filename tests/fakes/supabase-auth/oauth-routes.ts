/**
 * Google sign-in as GoTrue runs it (external.go, token_oidc.go), with Google itself simulated:
 *
 *   GET /auth/v1/authorize?provider=google&redirect_to=…&access_type=offline&prompt=consent
 *     302 → GET /fake-google/o/oauth2/v2/auth?client_id=…&redirect_uri=…/auth/v1/callback&state=…
 *           (extra query parameters are forwarded to Google, as GoTrue does)
 *     302 → GET /auth/v1/callback?code=…&state=…
 *     302 → redirect_to#access_token=…&provider_token=…&refresh_token=…   (implicit flow)
 *        or redirect_to?code=…                                            (PKCE flow)
 *
 * The fake "Google" consents as `google.account` (or refuses when `google.deny`), and also signs
 * ID tokens for POST /token?grant_type=id_token.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose'
import { z } from 'zod'
import type { Handler } from './account-routes.ts'
import { badRequest, GoTrueHttpError, GoTrueOAuthError, oauthErrorName, unprocessable } from './errors.ts'
import { bodyOf, json, redirect, referrer, withFragment, withQuery, type Reply, type RequestContext } from './http.ts'
import { pkceParams, sendMail } from './rules.ts'
import type { AuthState, FakeIdentity, FakeUser, FlowState, Json } from './state.ts'

const googleIssuer = 'https://accounts.google.com'

type FakeGoogleAccount = {
  sub: string
  email: string
  emailVerified: boolean
  name?: string
  givenName?: string
  familyName?: string
  picture?: string
}

export type GoogleSimulator = {
  /** Who consents at the fake Google screen. */
  account: FakeGoogleAccount
  /** When true the fake Google answers `error=access_denied`. */
  deny: boolean
  /** Query of every GET /auth/v1/authorize, as the client sent it. */
  authorizeRequests: URLSearchParams[]
  /** Query of every request that reached the fake Google consent screen. */
  consentRequests: URLSearchParams[]
  mintIdToken: (account?: FakeGoogleAccount, options?: { nonce?: string; audience?: string }) => Promise<string>
}

export async function createGoogleSimulator(
  clientId: string,
): Promise<GoogleSimulator & { publicJwk: JWK; privateKey: CryptoKey }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const kid = randomUUID()
  const publicJwk = { ...(await exportJWK(publicKey)), alg: 'ES256', use: 'sig', kid }
  const simulator: GoogleSimulator & { publicJwk: JWK; privateKey: CryptoKey } = {
    account: {
      sub: '100000000000000000001',
      email: 'google.user@gmail.com',
      emailVerified: true,
      name: 'Google User',
      givenName: 'Google',
      familyName: 'User',
    },
    deny: false,
    authorizeRequests: [],
    consentRequests: [],
    publicJwk,
    privateKey,
    async mintIdToken(account?: FakeGoogleAccount, options: { nonce?: string; audience?: string } = {}) {
      const who = account ?? simulator.account
      const now = Math.floor(Date.now() / 1000)
      const claims = {
        email: who.email,
        email_verified: who.emailVerified,
        ...(who.name ? { name: who.name } : {}),
        ...(who.givenName ? { given_name: who.givenName } : {}),
        ...(who.familyName ? { family_name: who.familyName } : {}),
        ...(who.picture ? { picture: who.picture } : {}),
        ...(options.nonce ? { nonce: createHash('sha256').update(options.nonce).digest('hex') } : {}),
      }
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(googleIssuer)
        .setSubject(who.sub)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey)
    },
  }
  return simulator
}

const reservedParams = new Set([
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
])
const idTokenBody = z.looseObject({
  id_token: z.string().optional(),
  access_token: z.string().optional(),
  nonce: z.string().optional(),
  provider: z.string().optional(),
  client_id: z.string().optional(),
  issuer: z.string().optional(),
})

export function oauthRoutes(
  state: AuthState,
  google: GoogleSimulator & { publicJwk: JWK },
): { routes: Record<string, Handler>; idTokenGrant: Handler } {
  const config = state.config
  const codes = new Map<string, { account: FakeGoogleAccount; offline: boolean }>()

  function authorize(ctx: RequestContext): Reply {
    const query = ctx.url.searchParams
    google.authorizeRequests.push(new URLSearchParams(query))
    const provider = query.get('provider') ?? ''
    if (provider !== 'google' || !config.googleEnabled) {
      throw badRequest('validation_failed', `Unsupported provider: provider ${provider} could not be found`)
    }
    const pkce = pkceParams(query.get('code_challenge'), query.get('code_challenge_method'))
    const flow = state.createFlowState({
      codeChallenge: pkce?.codeChallenge ?? '',
      codeChallengeMethod: pkce?.codeChallengeMethod ?? 's256',
      provider: 'google',
      authenticationMethod: 'oauth',
      userId: undefined,
      referrer: referrer(ctx, config),
    })
    const scopes = ['email', 'profile', ...(query.get('scopes') ?? '').split(',').filter(Boolean)]
    const target = new URL(`${ctx.base}/fake-google/o/oauth2/v2/auth`)
    target.searchParams.set('client_id', config.googleClientId)
    target.searchParams.set('redirect_uri', `${ctx.base}/auth/v1/callback`)
    target.searchParams.set('response_type', 'code')
    target.searchParams.set('scope', scopes.join(' '))
    target.searchParams.set('state', flow.id)
    for (const [key, value] of query) {
      if (key !== 'provider' && key !== 'scopes' && !reservedParams.has(key.toLowerCase()))
        target.searchParams.set(key, value)
    }
    return redirect(target.toString())
  }

  function googleConsent(ctx: RequestContext): Reply {
    const query = ctx.url.searchParams
    google.consentRequests.push(new URLSearchParams(query))
    const redirectUri = query.get('redirect_uri') ?? ''
    const stateParam = query.get('state') ?? ''
    if (query.get('client_id') !== config.googleClientId || redirectUri === '') {
      return json(
        { error: 'invalid_request', error_description: 'Missing required parameter: client_id or redirect_uri' },
        400,
      )
    }
    if (google.deny) return redirect(withQuery(redirectUri, { error: 'access_denied', state: stateParam }))
    const code = `4/0${randomBytes(24).toString('base64url')}`
    codes.set(code, { account: { ...google.account }, offline: query.get('access_type') === 'offline' })
    return redirect(
      withQuery(redirectUri, {
        state: stateParam,
        code,
        scope: query.get('scope') ?? '',
        authuser: '0',
        prompt: 'consent',
      }),
    )
  }

  async function callback(ctx: RequestContext): Promise<Reply> {
    const query = ctx.url.searchParams
    const flow = state.flowStates.get(query.get('state') ?? '')
    const target = flow?.referrer ?? config.siteUrl
    try {
      if (!query.get('state')) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing')
      if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired')
      const providerError = query.get('error')
      if (providerError) throw new GoTrueOAuthError(providerError, query.get('error_description') ?? '')
      const grant = codes.get(query.get('code') ?? '')
      if (!grant) throw new GoTrueOAuthError('server_error', 'Error exchanging code: invalid_grant')
      codes.delete(query.get('code') ?? '')
      const user = signInWithGoogle(ctx, grant.account)
      const providerToken = `ya29.${randomBytes(24).toString('base64url')}`
      const providerRefreshToken = grant.offline ? `1//${randomBytes(24).toString('base64url')}` : undefined
      return redirect(await finishFlow(flow, user, providerToken, providerRefreshToken))
    } catch (error) {
      return redirect(callbackErrorRedirect(target, error))
    }
  }

  async function finishFlow(
    flow: FlowState,
    user: FakeUser,
    providerToken: string,
    providerRefreshToken: string | undefined,
  ): Promise<string> {
    if (flow.codeChallenge !== '') {
      flow.userId = user.id
      flow.providerAccessToken = providerToken
      flow.providerRefreshToken = providerRefreshToken
      return withQuery(flow.referrer, { code: flow.authCode })
    }
    state.flowStates.delete(flow.id)
    const session = await state.issueSession(user, 'oauth')
    return withFragment(flow.referrer, {
      access_token: session.access_token,
      token_type: session.token_type,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      refresh_token: session.refresh_token,
      provider_token: providerToken,
      ...(providerRefreshToken ? { provider_refresh_token: providerRefreshToken } : {}),
      sb: '',
    })
  }

  /** createAccountFromExternalIdentity: find, link by verified e-mail, or create; confirm when Google vouches. */
  function signInWithGoogle(ctx: RequestContext, account: FakeGoogleAccount): FakeUser {
    const identityData = googleIdentityData(account)
    const email = account.email.toLowerCase()
    let user: FakeUser | undefined
    let identity: FakeIdentity | undefined
    for (const candidate of state.users.values()) {
      identity = candidate.identities.find(
        (existing) => existing.provider === 'google' && existing.providerId === account.sub,
      )
      if (identity) {
        user = candidate
        break
      }
    }
    if (user && identity) {
      identity.identityData = identityData
      identity.lastSignInAt = new Date()
      user.userMetadata = { ...user.userMetadata, ...identityData }
    } else {
      user = state.findUserByEmail(email)
      if (user && !account.emailVerified) {
        throw unprocessable(
          'provider_email_needs_verification',
          'Unverified email with google. Verify the email with google in order to sign in',
        )
      }
      user ??= state.createUser({ email, provider: 'google', identityData })
      identity = state.addIdentity(user, 'google', account.sub, identityData)
      user.userMetadata = { ...user.userMetadata, ...identityData }
    }
    if (!user.emailConfirmedAt) {
      // RemoveUnconfirmedIdentities: an unconfirmed password or metadata may be an attacker's.
      user.passwordHash = undefined
      user.userMetadata = { ...identity.identityData }
      user.identities = [identity]
      state.refreshProviders(user)
      if (account.emailVerified || config.autoconfirm) state.confirm(user)
      else {
        sendMail(state, ctx, user, 'signup', 'implicit')
        throw unprocessable(
          'provider_email_needs_verification',
          'Unverified email with google. A confirmation email has been sent to your google email',
        )
      }
    }
    return user
  }

  async function idTokenGrant(ctx: RequestContext): Promise<Reply> {
    const body = bodyOf(ctx, idTokenBody)
    if (!body.id_token) throw new GoTrueOAuthError('invalid request', 'id_token required')
    if (!body.provider && !(body.client_id && body.issuer))
      throw new GoTrueOAuthError('invalid request', 'provider or client_id and issuer required')
    if (body.provider !== 'google' || !config.googleEnabled)
      throw badRequest('provider_disabled', `Provider (issuer "${body.provider ?? body.issuer ?? ''}") is not enabled`)
    let claims: Json
    try {
      claims = (
        await jwtVerify(body.id_token, createLocalJWKSet({ keys: [google.publicJwk] }), {
          issuer: googleIssuer,
          audience: config.googleClientId,
        })
      ).payload
    } catch {
      throw new GoTrueOAuthError('invalid request', 'Bad ID token')
    }
    const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : ''
    if ((tokenNonce === '') !== !body.nonce)
      throw badRequest('validation_failed', 'Passed nonce and nonce in id_token should either both exist or not.')
    if (body.nonce && createHash('sha256').update(body.nonce).digest('hex') !== tokenNonce)
      throw badRequest('validation_failed', 'Nonces mismatch')
    const account = accountFromClaims(claims)
    const user = signInWithGoogle(ctx, account)
    return json(await state.issueSession(user, 'oauth'))
  }

  return {
    routes: {
      'GET /auth/v1/authorize': authorize,
      'GET /auth/v1/callback': callback,
      'POST /auth/v1/callback': callback,
      'GET /fake-google/o/oauth2/v2/auth': googleConsent,
    },
    idTokenGrant,
  }
}

/** What GoTrue stores for a Google identity (provider.Claims via structs.Map; empty strings omitted). */
function googleIdentityData(account: FakeGoogleAccount): Json {
  const present = (entries: Record<string, string | undefined>) =>
    Object.fromEntries(
      Object.entries(entries).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    )
  return {
    ...present({
      iss: googleIssuer,
      sub: account.sub,
      name: account.name,
      picture: account.picture,
      email: account.email.toLowerCase(),
      full_name: account.name,
      avatar_url: account.picture,
      provider_id: account.sub,
    }),
    email_verified: account.emailVerified,
    phone_verified: false,
  }
}

function accountFromClaims(claims: Json): FakeGoogleAccount {
  const text = (key: string) => {
    const value = claims[key]
    return typeof value === 'string' ? value : undefined
  }
  const account: FakeGoogleAccount = {
    sub: text('sub') ?? '',
    email: text('email') ?? '',
    emailVerified: claims.email_verified === true,
  }
  const name = text('name')
  const picture = text('picture')
  if (name) account.name = name
  if (picture) account.picture = picture
  return account
}

/** redirectErrors: the error in the query and, for older clients, in the fragment. */
function callbackErrorRedirect(target: string, error: unknown): string {
  const values: Record<string, string> = {}
  if (error instanceof GoTrueOAuthError) {
    values.error = error.error
    if (error.description) values.error_description = error.description
  } else if (error instanceof GoTrueHttpError) {
    values.error =
      error.errorCode === 'provider_email_needs_verification'
        ? 'access_denied'
        : (oauthErrorName(error.status) ?? 'server_error')
    values.error_code = error.errorCode
    values.error_description = error.message
  } else {
    values.error = 'server_error'
    values.error_description = 'Internal Server Error'
  }
  return withFragment(withQuery(target, values), { ...values, sb: '' })
}

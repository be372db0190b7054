/**
 * The fake's database: users with their identities, sessions and refresh tokens, PKCE/OAuth flow
 * states and the outgoing mail, plus the JSON shapes GoTrue gives them (models.User,
 * models.Identity, tokens.AccessTokenResponse).
 */
import { createHash, randomBytes, randomInt, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto'
import { signToken, type ProjectKeys } from './keys.ts'

export type FakeSupabaseConfig = {
  /** GOTRUE_MAILER_AUTOCONFIRM: sign-up answers a session instead of sending a confirmation mail. */
  autoconfirm: boolean
  siteUrl: string
  /** URI allow list, globs as in GoTrue (`*` stops at '.' and '/', `**` does not); loopback hosts are always allowed. */
  additionalRedirectUrls: string[]
  jwtExpirySeconds: number
  accessTokenAlgorithm: 'ES256' | 'HS256'
  passwordMinLength: number
  /** Each entry is a set of characters of which the password must contain one. */
  passwordRequiredCharacters: string[]
  emailRateLimitPerHour: number
  /** GOTRUE_SMTP_MAX_FREQUENCY: minimum gap between two mails of one kind to one user. */
  emailMinIntervalSeconds: number
  otpExpirySeconds: number
  flowStateExpirySeconds: number
  googleEnabled: boolean
  googleClientId: string
}

export const defaultConfig: FakeSupabaseConfig = {
  autoconfirm: false,
  siteUrl: 'http://localhost:3000',
  additionalRedirectUrls: [],
  jwtExpirySeconds: 3600,
  accessTokenAlgorithm: 'ES256',
  passwordMinLength: 6,
  passwordRequiredCharacters: [],
  emailRateLimitPerHour: 100,
  emailMinIntervalSeconds: 60,
  otpExpirySeconds: 3600,
  flowStateExpirySeconds: 300,
  googleEnabled: true,
  googleClientId: 'fake-google-client-id.apps.googleusercontent.com',
}

export type Json = Record<string, unknown>

export type FakeIdentity = {
  identityId: string
  providerId: string
  provider: string
  identityData: Json
  email: string | undefined
  lastSignInAt: Date
  createdAt: Date
  updatedAt: Date
}

export type FakeUser = {
  id: string
  email: string
  passwordHash: string | undefined
  emailConfirmedAt: Date | undefined
  confirmationToken: string
  confirmationSentAt: Date | undefined
  recoveryToken: string
  recoverySentAt: Date | undefined
  lastSignInAt: Date | undefined
  appMetadata: Json & { provider: string; providers: string[] }
  userMetadata: Json
  identities: FakeIdentity[]
  factors: FakeFactor[]
  createdAt: Date
  updatedAt: Date
}

/** models.Factor of type totp: `unverified` until its first code is verified. */
export type FakeFactor = {
  id: string
  friendlyName: string
  status: 'unverified' | 'verified'
  secret: string
  createdAt: Date
  updatedAt: Date
  lastChallengedAt: Date | undefined
}

type AmrEntry = { method: string; timestamp: number }
export type FakeSession = {
  id: string
  userId: string
  createdAt: Date
  amr: AmrEntry[]
  aal: 'aal1' | 'aal2'
  /** The factor that raised the session to aal2. */
  factorId?: string | undefined
}
export type FlowState = {
  id: string
  provider: string
  authenticationMethod: 'oauth' | 'email/signup' | 'recovery'
  codeChallenge: string
  codeChallengeMethod: 's256' | 'plain'
  userId: string | undefined
  authCode: string
  referrer: string
  providerAccessToken: string | undefined
  providerRefreshToken: string | undefined
  createdAt: Date
}

export type FakeMail = {
  to: string
  subject: string
  type: 'signup' | 'recovery'
  /** The ConfirmationURL of the mail template: `${base}/auth/v1/verify?token=…&type=…&redirect_to=…`. */
  link: string
  otp: string
  tokenHash: string
  redirectTo: string
  sentAt: Date
}

export type AccessTokenResponse = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Json
  provider_token?: string
  provider_refresh_token?: string
  weak_password?: { reasons: string[]; message: string }
}

export function createAuthState(keys: ProjectKeys, issuer: string, config: FakeSupabaseConfig) {
  const users = new Map<string, FakeUser>()
  const sessions = new Map<string, FakeSession>()
  const refreshTokens = new Map<string, { sessionId: string; revoked: boolean }>()
  const flowStates = new Map<string, FlowState>()
  const mails: FakeMail[] = []

  function findUserByEmail(email: string): FakeUser | undefined {
    const wanted = email.toLowerCase()
    for (const user of users.values()) if (user.email === wanted) return user
    return undefined
  }

  function createUser(input: {
    email: string
    password?: string | undefined
    provider: string
    identityData: Json
  }): FakeUser {
    const now = new Date()
    const user: FakeUser = {
      id: randomUUID(),
      email: input.email.toLowerCase(),
      passwordHash: input.password === undefined ? undefined : hashPassword(input.password),
      emailConfirmedAt: undefined,
      confirmationToken: '',
      confirmationSentAt: undefined,
      recoveryToken: '',
      recoverySentAt: undefined,
      lastSignInAt: undefined,
      appMetadata: { provider: input.provider, providers: [input.provider] },
      userMetadata: {},
      identities: [],
      factors: [],
      createdAt: now,
      updatedAt: now,
    }
    users.set(user.id, user)
    return user
  }

  function addIdentity(user: FakeUser, provider: string, providerId: string, identityData: Json): FakeIdentity {
    const now = new Date()
    const email = typeof identityData.email === 'string' ? identityData.email.toLowerCase() : undefined
    const identity: FakeIdentity = {
      identityId: randomUUID(),
      providerId,
      provider,
      identityData: email === undefined ? identityData : { ...identityData, email },
      email,
      lastSignInAt: now,
      createdAt: now,
      updatedAt: now,
    }
    user.identities.push(identity)
    refreshProviders(user)
    return identity
  }

  function refreshProviders(user: FakeUser): void {
    const providers = [...new Set(user.identities.map((identity) => identity.provider))]
    user.appMetadata.providers = providers.length > 0 ? providers : [user.appMetadata.provider]
  }

  /** models.User.Confirm: stamps the e-mail as confirmed and sets user_metadata.email_verified. */
  function confirm(user: FakeUser): void {
    user.emailConfirmedAt = new Date()
    user.confirmationToken = ''
    user.userMetadata = { ...user.userMetadata, email_verified: true }
    for (const identity of user.identities) {
      if (identity.email === user.email) identity.identityData = { ...identity.identityData, email_verified: true }
    }
    user.updatedAt = new Date()
  }

  function findFlowState(predicate: (flow: FlowState) => boolean): FlowState | undefined {
    for (const flow of flowStates.values()) if (predicate(flow)) return flow
    return undefined
  }

  function createFlowState(
    input: Omit<FlowState, 'id' | 'authCode' | 'createdAt' | 'providerAccessToken' | 'providerRefreshToken'>,
  ): FlowState {
    const flow: FlowState = {
      ...input,
      id: randomUUID(),
      authCode: randomUUID(),
      createdAt: new Date(),
      providerAccessToken: undefined,
      providerRefreshToken: undefined,
    }
    flowStates.set(flow.id, flow)
    return flow
  }

  /** The claims GoTrue puts in an access token (tokens.AccessTokenClaims), apart from iat and exp. */
  function accessTokenClaims(user: FakeUser, session: FakeSession): Json {
    return {
      iss: issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    }
  }

  async function accessToken(user: FakeUser, session: FakeSession): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(Date.now() / 1000)
    const expiresAt = issuedAt + config.jwtExpirySeconds
    const claims = accessTokenClaims(user, session)
    const signing =
      config.accessTokenAlgorithm === 'ES256'
        ? ({ alg: 'ES256', kid: keys.kid, key: keys.privateKey } as const)
        : ({ alg: 'HS256', secret: keys.jwtSecret } as const)
    return { token: await signToken(claims, signing, issuedAt, expiresAt), expiresAt }
  }

  function newRefreshToken(sessionId: string): string {
    const token = randomBytes(9).toString('base64url')
    refreshTokens.set(token, { sessionId, revoked: false })
    return token
  }

  async function tokenResponse(
    user: FakeUser,
    session: FakeSession,
    refreshToken: string,
  ): Promise<AccessTokenResponse> {
    const { token, expiresAt } = await accessToken(user, session)
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresAt - Math.floor(Date.now() / 1000),
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    }
  }

  function createSession(user: FakeUser, method: string): FakeSession {
    const now = new Date()
    const session: FakeSession = {
      id: randomUUID(),
      userId: user.id,
      createdAt: now,
      amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
      aal: 'aal1',
    }
    sessions.set(session.id, session)
    user.lastSignInAt = now
    return session
  }

  /** tokens.Service.IssueRefreshToken: a new session with its first refresh token. */
  async function issueSession(user: FakeUser, method: string): Promise<AccessTokenResponse> {
    const session = createSession(user, method)
    return tokenResponse(user, session, newRefreshToken(session.id))
  }

  function endSessions(userId: string, keep?: (session: FakeSession) => boolean): void {
    for (const session of [...sessions.values()]) {
      if (session.userId !== userId || keep?.(session)) continue
      sessions.delete(session.id)
      for (const [token, record] of refreshTokens) if (record.sessionId === session.id) refreshTokens.delete(token)
    }
  }

  return {
    config,
    users,
    sessions,
    refreshTokens,
    flowStates,
    mails,
    findUserByEmail,
    createUser,
    addIdentity,
    refreshProviders,
    confirm,
    findFlowState,
    createFlowState,
    createSession,
    accessTokenClaims,
    issueSession,
    tokenResponse,
    newRefreshToken,
    endSessions,
  }
}

export type AuthState = ReturnType<typeof createAuthState>

export function userJson(user: FakeUser): Json {
  const confirmedAt = user.emailConfirmedAt?.toISOString()
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    ...(confirmedAt ? { email_confirmed_at: confirmedAt } : {}),
    phone: '',
    ...(user.confirmationSentAt ? { confirmation_sent_at: user.confirmationSentAt.toISOString() } : {}),
    ...(confirmedAt ? { confirmed_at: confirmedAt } : {}),
    ...(user.recoverySentAt ? { recovery_sent_at: user.recoverySentAt.toISOString() } : {}),
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt.toISOString() } : {}),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: user.identities.map((identity) => ({
      identity_id: identity.identityId,
      id: identity.providerId,
      user_id: user.id,
      identity_data: identity.identityData,
      provider: identity.provider,
      last_sign_in_at: identity.lastSignInAt.toISOString(),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
      ...(identity.email ? { email: identity.email } : {}),
    })),
    // GoTrue leaves `factors` out while the user has none.
    ...(user.factors.length > 0 ? { factors: user.factors.map(factorJson) } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  }
}

function factorJson(factor: FakeFactor): Json {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName,
    factor_type: 'totp',
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    ...(factor.lastChallengedAt ? { last_challenged_at: factor.lastChallengedAt.toISOString() } : {}),
  }
}

const scryptCost = { N: 1024, r: 8, p: 1 }

export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return `${salt.toString('base64url')}.${scryptSync(password, salt, 32, scryptCost).toString('base64url')}`
}

export function passwordMatches(user: FakeUser, password: string): boolean {
  if (!user.passwordHash) return false
  const [salt = '', hash = ''] = user.passwordHash.split('.')
  const expected = Buffer.from(hash, 'base64url')
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, scryptCost)
  return timingSafeEqual(expected, actual)
}

/** crypto.GenerateOtp and crypto.GenerateTokenHash: six digits, and sha224(email + otp) in hex. */
export function newOtp(email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return {
    otp,
    tokenHash: createHash('sha224')
      .update(email + otp)
      .digest('hex'),
  }
}

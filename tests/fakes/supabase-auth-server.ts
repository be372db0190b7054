/**
 * A local fake of Supabase Auth (GoTrue) behind Supabase's API gateway, on 127.0.0.1 at a random
 * port, following supabase/auth's handlers and the response shapes @supabase/auth-js reads:
 *
 * - POST /auth/v1/signup: a user and a confirmation mail, or a session under `autoconfirm`. A
 *   repeated sign-up of a confirmed address answers an obfuscated user with no identities (422
 *   `user_already_exists` "User already registered" under autoconfirm), as GoTrue does.
 * - POST /auth/v1/token?grant_type=password|refresh_token|pkce|id_token
 * - GET and PUT /auth/v1/user (password, user metadata), POST /auth/v1/logout
 * - POST /auth/v1/recover: a recovery mail in `mailbox`
 * - GET /auth/v1/verify (the mail links; 303 to redirect_to with the session in the fragment,
 *   `type=signup|recovery`) and POST /auth/v1/verify (token hash or e-mail + OTP)
 * - GET /auth/v1/authorize?provider=google, the fake Google consent screen, GET /auth/v1/callback
 * - GET /auth/v1/.well-known/jwks.json and GET /auth/v1/settings
 * - POST /auth/v1/factors, POST /auth/v1/factors/{id}/challenge and …/verify (a session at aal2),
 *   DELETE /auth/v1/factors/{id}: TOTP factors, real codes (the user JSON lists them as `factors`)
 *
 * Access tokens are real JWTs with Supabase's claims, signed with an ES256 key published in the
 * JWKS (or with the legacy HS256 secret when `accessTokenAlgorithm` is 'HS256'). Errors use
 * GoTrue's shapes and statuses. Like the gateway, every route except the browser-facing ones
 * (verify, authorize, callback, JWKS) needs the anon or service_role key as `apikey` (401 otherwise).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { JWTPayload } from 'jose'
import { accountRoutes, type Handler } from './supabase-auth/account-routes.ts'
import { errorReply, GoTrueHttpError } from './supabase-auth/errors.ts'
import type { Reply, RequestContext } from './supabase-auth/http.ts'
import { createProjectKeys, signToken, type SigningChoice } from './supabase-auth/keys.ts'
import { mfaRoutes } from './supabase-auth/mfa-routes.ts'
import { createGoogleSimulator, oauthRoutes, type GoogleSimulator } from './supabase-auth/oauth-routes.ts'
import {
  createAuthState,
  defaultConfig,
  passwordMatches,
  type AccessTokenResponse,
  type FakeMail,
  type FakeSupabaseConfig,
  type Json,
} from './supabase-auth/state.ts'
import { verifyRoutes } from './supabase-auth/verify-routes.ts'

export type StartFakeSupabaseOptions = Partial<FakeSupabaseConfig> & { jwtSecret?: string; projectRef?: string }

type FakeMailbox = {
  readonly messages: readonly FakeMail[]
  /** The newest mail to `to` (of `type`), or an error naming what is there instead. */
  latest: (to: string, type?: FakeMail['type']) => FakeMail
  clear: () => void
}

type RecordedRequest = { method: string; path: string; query: string; apikey: boolean }

type MintAccessTokenOptions = {
  /** An existing user: the token gets their claims and a fresh session. Otherwise a random subject. */
  userId?: string
  signer?: 'project-es256' | 'project-hs256' | 'foreign-es256' | { hs256Secret: string }
  issuer?: string
  audience?: string
  role?: string
  /** Negative for an already expired token. Default 3600. */
  expiresInSeconds?: number
  /** Merged over the generated claims. */
  claims?: Json
}

export type FakeSupabase = {
  /** The project URL to hand to createClient (auth lives under /auth/v1). */
  url: string
  authUrl: string
  issuer: string
  jwksUrl: string
  anonKey: string
  serviceRoleKey: string
  /** The legacy HS256 project secret. */
  jwtSecret: string
  /** Live configuration: change it between requests (e.g. `autoconfirm`, `emailRateLimitPerHour`). */
  config: FakeSupabaseConfig
  mailbox: FakeMailbox
  google: GoogleSimulator
  requests: RecordedRequest[]
  createUser: (input: { email: string; password?: string; userMetadata?: Json; emailConfirmed?: boolean }) => {
    id: string
    email: string
  }
  /** Password sign-in without HTTP; resolves to the access token. */
  signIn: (email: string, password: string) => Promise<string>
  signInSession: (email: string, password: string) => Promise<AccessTokenResponse>
  mintAccessToken: (options?: MintAccessTokenOptions) => Promise<string>
  stop: () => Promise<void>
}

/** Routes the gateway lets through without an API key: browsers reach them by navigation. */
const openRoutes = new Set([
  'GET /auth/v1/verify',
  'GET /auth/v1/authorize',
  'GET /auth/v1/callback',
  'POST /auth/v1/callback',
  'GET /auth/v1/.well-known/jwks.json',
  'GET /fake-google/o/oauth2/v2/auth',
])

export async function startFakeSupabase(options: StartFakeSupabaseOptions = {}): Promise<FakeSupabase> {
  const { jwtSecret, projectRef = 'fakeproject', ...overrides } = options
  const config: FakeSupabaseConfig = { ...defaultConfig, ...overrides }
  const keys = await createProjectKeys(projectRef, jwtSecret)
  const google = await createGoogleSimulator(config.googleClientId)
  const requests: RecordedRequest[] = []

  let base = ''
  const routes: Record<string, Handler> = {}
  const server = createServer((req, res) => {
    void handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const issuer = `${base}/auth/v1`
  const state = createAuthState(keys, issuer, config)
  const oauth = oauthRoutes(state, google)
  Object.assign(routes, accountRoutes(state, keys, oauth.idTokenGrant), verifyRoutes(state), oauth.routes)
  const factorRoute = mfaRoutes(state, keys)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base)
    const method = req.method ?? 'GET'
    const key = `${method} ${url.pathname}`
    const apikey = headerValue(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined
    requests.push({ method, path: url.pathname, query: url.search, apikey: apikey !== undefined })
    const apiVersion = headerValue(req, 'x-supabase-api-version') ?? ''
    const apiVersion2024 = /^\d{4}-\d{2}-\d{2}$/.test(apiVersion) && apiVersion >= '2024-01-01'
    setCors(req, res)
    if (method === 'OPTIONS') {
      send(res, { kind: 'empty', status: 204 })
      return
    }
    try {
      if (!url.pathname.startsWith('/auth/v1/') && !url.pathname.startsWith('/fake-google/')) {
        send(res, { kind: 'json', status: 404, body: { message: 'no Route matched with those values' } })
        return
      }
      if (!openRoutes.has(key)) {
        if (apikey === undefined) {
          send(res, {
            kind: 'json',
            status: 401,
            body: {
              message: 'No API key found in request',
              hint: 'No `apikey` request header or url param was found.',
            },
          })
          return
        }
        if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
          send(res, {
            kind: 'json',
            status: 401,
            body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
          })
          return
        }
      }
      const route = routes[key] ?? factorRoute(method, url.pathname)
      if (!route) throw new GoTrueHttpError(404, 'not_found', 'Not Found')
      const ctx: RequestContext = { method, url, headers: req.headers, body: await readBody(req), apiVersion2024, base }
      send(res, await route(ctx))
    } catch (error) {
      const reply = errorReply(error, apiVersion2024)
      send(res, { kind: 'json', status: reply.status, body: reply.body, headers: reply.headers })
    }
  }

  function createUser(input: { email: string; password?: string; userMetadata?: Json; emailConfirmed?: boolean }): {
    id: string
    email: string
  } {
    const email = input.email.toLowerCase()
    if (state.findUserByEmail(email)) throw new Error(`fake Supabase: ${email} is already registered`)
    const user = state.createUser({ email, password: input.password, provider: 'email', identityData: {} })
    const identity = state.addIdentity(user, 'email', user.id, {
      ...input.userMetadata,
      sub: user.id,
      email,
      email_verified: false,
      phone_verified: false,
    })
    user.userMetadata = { ...identity.identityData }
    if (input.emailConfirmed ?? true) state.confirm(user)
    return { id: user.id, email }
  }

  async function signInSession(email: string, password: string): Promise<AccessTokenResponse> {
    const user = state.findUserByEmail(email)
    if (!user || !passwordMatches(user, password)) throw new Error('fake Supabase: Invalid login credentials')
    if (!user.emailConfirmedAt) throw new Error('fake Supabase: Email not confirmed')
    return state.issueSession(user, 'password')
  }

  async function mintAccessToken(mint: MintAccessTokenOptions = {}): Promise<string> {
    const user = mint.userId ? state.users.get(mint.userId) : undefined
    if (mint.userId && !user) throw new Error(`fake Supabase: no user ${mint.userId}`)
    const generated: JWTPayload = user
      ? state.accessTokenClaims(user, state.createSession(user, 'password'))
      : {
          iss: issuer,
          sub: crypto.randomUUID(),
          aud: 'authenticated',
          email: 'nobody@example.com',
          phone: '',
          role: 'authenticated',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
        }
    const payload: JWTPayload = {
      ...generated,
      ...(mint.issuer !== undefined ? { iss: mint.issuer } : {}),
      ...(mint.audience !== undefined ? { aud: mint.audience } : {}),
      ...(mint.role !== undefined ? { role: mint.role } : {}),
      ...mint.claims,
    }
    const now = Math.floor(Date.now() / 1000)
    const expiresIn = mint.expiresInSeconds ?? 3600
    // An expired token must also have been issued in the past, as a real one would.
    const issuedAt = expiresIn < 0 ? now + expiresIn - 3600 : now
    return signToken(payload, signingChoice(mint.signer ?? 'project-es256'), issuedAt, now + expiresIn)
  }

  function signingChoice(signer: NonNullable<MintAccessTokenOptions['signer']>): SigningChoice {
    if (signer === 'project-es256') return { alg: 'ES256', kid: keys.kid, key: keys.privateKey }
    if (signer === 'foreign-es256') return { alg: 'ES256', kid: keys.foreign.kid, key: keys.foreign.privateKey }
    if (signer === 'project-hs256') return { alg: 'HS256', secret: keys.jwtSecret }
    return { alg: 'HS256', secret: signer.hs256Secret }
  }

  const mailbox: FakeMailbox = {
    get messages() {
      return state.mails
    },
    latest(to, type) {
      const wanted = to.toLowerCase()
      const found = state.mails
        .filter((mail) => mail.to === wanted && (type === undefined || mail.type === type))
        .at(-1)
      if (!found) {
        const present = state.mails.map((mail) => `${mail.type} → ${mail.to}`).join(', ') || 'none'
        throw new Error(`fake Supabase: no ${type ? `${type} ` : ''}mail to ${to} (mails: ${present})`)
      }
      return found
    },
    clear() {
      state.mails.length = 0
    },
  }

  return {
    url: base,
    authUrl: issuer,
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.jwtSecret,
    config,
    mailbox,
    google,
    requests,
    createUser,
    signIn: async (email, password) => (await signInSession(email, password)).access_token,
    signInSession,
    mintAccessToken,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', headerValue(req, 'origin') ?? '*')
  res.setHeader('access-control-allow-credentials', 'true')
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    'apikey, authorization, content-type, x-client-info, x-supabase-api-version, x-retry-count',
  )
  res.setHeader('access-control-expose-headers', 'x-supabase-api-version, x-sb-error-code')
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return {}
  if ((headerValue(req, 'content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new GoTrueHttpError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'redirect') {
    res.writeHead(reply.status, { location: reply.location }).end()
    return
  }
  if (reply.kind === 'empty') {
    res.writeHead(reply.status).end()
    return
  }
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body))
}

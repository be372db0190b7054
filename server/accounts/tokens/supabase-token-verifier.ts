/**
 * Verifies Supabase Auth access tokens on the server, so /auth/supabase-login and
 * /auth/oauth-login never trust what the browser says about who is signed in.
 *
 * 1. The signature, locally: asymmetric tokens (ES256/RS256) against the project's JWKS at
 *    `${url}/auth/v1/.well-known/jwks.json`; legacy HS256 tokens against the project JWT secret,
 *    only when one is configured. Then iss `${url}/auth/v1`, aud `authenticated`, exp/nbf and role
 *    `authenticated`.
 * 2. The user, from the auth server: GET `${url}/auth/v1/user` with the token. Supabase access
 *    tokens carry no confirmation timestamp (only `user_metadata.email_verified`, which the user
 *    can rewrite with PUT /user), so `email_confirmed_at` is read there. The same call fails once
 *    the session was signed out or the user deleted, which a signature check alone cannot see.
 *
 * Tokens are never logged and never appear in an error message.
 */
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose'
import { z } from 'zod'
import type { Clock } from '#events/clock.ts'

export type SupabaseTokenErrorReason =
  | 'expired'
  | 'invalid-signature'
  | 'wrong-issuer'
  | 'wrong-audience'
  /** A valid token that does not stand for a signed-in person: anon/service keys, anonymous or phone-only users. */
  | 'wrong-role'
  /** Correctly signed, but the auth server no longer knows its session or user (signed out, deleted). */
  | 'revoked'
  | 'malformed'
  /** We could not check it: no secret for HS256, JWKS or auth server unreachable or misconfigured. */
  | 'unverifiable'

export class SupabaseTokenError extends Error {
  readonly reason: SupabaseTokenErrorReason

  constructor(reason: SupabaseTokenErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SupabaseTokenError'
    this.reason = reason
  }
}

type SupabaseProvider = 'email' | 'google' | (string & {})

type SupabaseUserMetadata = {
  first_name?: string
  last_name?: string
  full_name?: string
  name?: string
  avatar_url?: string
  picture?: string
}

export type VerifiedSupabaseUser = {
  id: string
  email: string
  emailConfirmed: boolean
  /** The provider the account was created with (`app_metadata.provider`). */
  provider: SupabaseProvider
  /** Every provider linked to the account (`app_metadata.providers`). */
  providers: SupabaseProvider[]
  userMetadata: SupabaseUserMetadata
  sessionId: string | undefined
  /** The session's authenticator assurance level: 'aal2' once a factor was verified in it. */
  aal: 'aal1' | 'aal2'
  /** The user's verified second-step factors (from GET /user, which the token cannot go stale on). */
  verifiedFactorIds: string[]
}

export type SupabaseTokenVerifierOptions = {
  /** Project URL, e.g. https://abcd.supabase.co (no /auth/v1). */
  url: string
  /** The project's anon (publishable) key, sent as `apikey` to GET /auth/v1/user. */
  anonKey: string
  /** Legacy project JWT secret; without it HS256 tokens are rejected as unverifiable. */
  jwtSecret?: string | undefined
  fetch?: typeof fetch
  clock?: Clock
  clockToleranceSeconds?: number
  /** Per network call (JWKS download, user lookup). */
  timeoutMs?: number
}

export type SupabaseTokenVerifier = { verify: (token: string) => Promise<VerifiedSupabaseUser> }

const asymmetricAlgorithms = new Set(['ES256', 'RS256'])
const jwksCacheMaxAgeMs = 10 * 60_000
const jwksCooldownMs = 30_000

const metadataSchema = z.record(z.string(), z.unknown())
const appMetadataSchema = z.looseObject({
  provider: z.string().optional(),
  providers: z.array(z.string()).optional(),
})

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.string().optional(),
  email: z.string().optional(),
  session_id: z.string().optional(),
  aal: z.string().optional(),
  is_anonymous: z.boolean().optional(),
  app_metadata: appMetadataSchema.optional(),
  user_metadata: metadataSchema.optional(),
})

const userResponseSchema = z.object({
  id: z.string(),
  email: z.string().nullish(),
  email_confirmed_at: z.string().nullish(),
  app_metadata: appMetadataSchema.nullish(),
  user_metadata: metadataSchema.nullish(),
  factors: z.array(z.looseObject({ id: z.string(), status: z.string() })).nullish(),
})

const authErrorBodySchema = z.looseObject({
  code: z.union([z.string(), z.number()]).optional(),
  error_code: z.string().optional(),
  msg: z.string().optional(),
  message: z.string().optional(),
})

export function createSupabaseTokenVerifier(options: SupabaseTokenVerifierOptions): SupabaseTokenVerifier {
  const projectUrl = options.url.replace(/\/+$/, '')
  const authUrl = `${projectUrl}/auth/v1`
  const fetcher = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 5_000
  const clockTolerance = options.clockToleranceSeconds ?? 10
  const secret = options.jwtSecret ? new TextEncoder().encode(options.jwtSecret) : undefined
  const jwks = createRemoteJWKSet(new URL(`${authUrl}/.well-known/jwks.json`), {
    timeoutDuration: timeoutMs,
    cooldownDuration: jwksCooldownMs,
    cacheMaxAge: jwksCacheMaxAgeMs,
    [customFetch]: fetcher,
  })

  async function verifySignatureAndClaims(token: string): Promise<JWTPayload> {
    const algorithm = readAlgorithm(token)
    const verifyOptions = {
      algorithms: [algorithm],
      issuer: authUrl,
      audience: 'authenticated',
      clockTolerance,
      requiredClaims: ['sub', 'exp'],
      ...(options.clock ? { currentDate: options.clock.now() } : {}),
    }
    try {
      if (asymmetricAlgorithms.has(algorithm)) return (await jwtVerify(token, jwks, verifyOptions)).payload
      if (!secret) {
        throw new SupabaseTokenError(
          'unverifiable',
          'The token is signed with the legacy HS256 project secret, which is not configured (SUPABASE_JWT_SECRET)',
        )
      }
      return (await jwtVerify(token, secret, verifyOptions)).payload
    } catch (error) {
      throw toTokenError(error)
    }
  }

  async function lookUpUser(token: string): Promise<z.infer<typeof userResponseSchema>> {
    let response: Response
    try {
      response = await fetcher(`${authUrl}/user`, {
        headers: { apikey: options.anonKey, authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new SupabaseTokenError(
        'unverifiable',
        `The Supabase auth server could not be reached: ${describe(error)}`,
        { cause: error },
      )
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (response.ok) {
      const user = userResponseSchema.safeParse(body)
      if (!user.success)
        throw new SupabaseTokenError(
          'unverifiable',
          'The Supabase auth server answered GET /user with an unexpected body',
        )
      return user.data
    }
    throw lookupError(response.status, body)
  }

  return {
    async verify(token) {
      const payload = await verifySignatureAndClaims(token)
      const claims = claimsSchema.safeParse(payload)
      if (!claims.success)
        throw new SupabaseTokenError('malformed', 'The token lacks the claims of a Supabase access token')
      if (claims.data.role !== 'authenticated') {
        throw new SupabaseTokenError(
          'wrong-role',
          `The token's role is '${claims.data.role ?? 'none'}', not 'authenticated' (an API key is not a user token)`,
        )
      }
      if (claims.data.is_anonymous === true)
        throw new SupabaseTokenError('wrong-role', 'Anonymous Supabase users cannot sign in here')

      const user = await lookUpUser(token)
      if (user.id !== claims.data.sub)
        throw new SupabaseTokenError(
          'unverifiable',
          'The Supabase auth server returned a different user than the token names',
        )
      // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing -- an empty address counts as none
      const email = user.email || claims.data.email
      if (!email)
        throw new SupabaseTokenError('wrong-role', 'The Supabase user has no e-mail address (phone-only account)')
      const appMetadata = user.app_metadata ?? claims.data.app_metadata ?? {}
      return {
        id: user.id,
        email,
        emailConfirmed: typeof user.email_confirmed_at === 'string' && user.email_confirmed_at !== '',
        provider: appMetadata.provider ?? 'email',
        providers: appMetadata.providers ?? [],
        userMetadata: pickNames(user.user_metadata ?? claims.data.user_metadata ?? {}),
        sessionId: claims.data.session_id,
        aal: claims.data.aal === 'aal2' ? 'aal2' : 'aal1',
        verifiedFactorIds: (user.factors ?? []).filter((factor) => factor.status === 'verified').map((f) => f.id),
      }
    },
  }
}

function readAlgorithm(token: string): string {
  if (typeof token !== 'string' || token.split('.').length !== 3) {
    throw new SupabaseTokenError('malformed', 'The token is not a compact JWT')
  }
  let algorithm: unknown
  try {
    algorithm = decodeProtectedHeader(token).alg
  } catch (error) {
    throw new SupabaseTokenError('malformed', 'The token header cannot be decoded', { cause: error })
  }
  if (algorithm !== 'HS256' && (typeof algorithm !== 'string' || !asymmetricAlgorithms.has(algorithm))) {
    throw new SupabaseTokenError(
      'malformed',
      `The token algorithm '${String(algorithm)}' is not one Supabase signs with`,
    )
  }
  return algorithm
}

function toTokenError(error: unknown): SupabaseTokenError {
  if (error instanceof SupabaseTokenError) return error
  if (error instanceof errors.JWTExpired)
    return new SupabaseTokenError('expired', 'The token has expired', { cause: error })
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss')
      return new SupabaseTokenError('wrong-issuer', 'The token was not issued by this Supabase project', {
        cause: error,
      })
    if (error.claim === 'aud')
      return new SupabaseTokenError('wrong-audience', "The token's audience is not 'authenticated'", { cause: error })
    return new SupabaseTokenError('malformed', `The token's '${error.claim}' claim is invalid (${error.reason})`, {
      cause: error,
    })
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return new SupabaseTokenError(
      'invalid-signature',
      "The token's signature does not match any key of this Supabase project",
      { cause: error },
    )
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return new SupabaseTokenError('malformed', 'The token is not a well-formed JWT', { cause: error })
  }
  return new SupabaseTokenError(
    'unverifiable',
    `The token could not be checked against the project's keys: ${describe(error)}`,
    { cause: error },
  )
}

function lookupError(status: number, body: unknown): SupabaseTokenError {
  const parsed = authErrorBodySchema.safeParse(body)
  const detail = parsed.success ? (parsed.data.msg ?? parsed.data.message ?? '') : ''
  const code = parsed.success
    ? typeof parsed.data.code === 'string'
      ? parsed.data.code
      : parsed.data.error_code
    : undefined
  if (code === 'session_not_found' || code === 'user_not_found') {
    return new SupabaseTokenError('revoked', `The Supabase session is no longer valid: ${detail || code}`)
  }
  if (code === 'bad_jwt')
    return new SupabaseTokenError('revoked', `The Supabase auth server rejected the token: ${detail}`)
  return new SupabaseTokenError(
    'unverifiable',
    `The Supabase auth server answered GET /user with ${status}${detail ? `: ${detail}` : ''}`,
  )
}

const nameFields = ['first_name', 'last_name', 'full_name', 'name', 'avatar_url', 'picture'] as const

function pickNames(metadata: Record<string, unknown>): SupabaseUserMetadata {
  const picked: SupabaseUserMetadata = {}
  for (const field of nameFields) {
    const value = metadata[field]
    if (typeof value === 'string' && value.trim() !== '') picked[field] = value
  }
  return picked
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message
  return String(error)
}

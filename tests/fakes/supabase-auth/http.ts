/** Request plumbing shared by the fake's routes: replies, redirects, referrers, bearer tokens. */
import type { IncomingHttpHeaders } from 'node:http'
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose'
import { z } from 'zod'
import { forbidden, GoTrueHttpError } from './errors.ts'
import type { ProjectKeys } from './keys.ts'
import type { AuthState, FakeSession, FakeSupabaseConfig, FakeUser } from './state.ts'

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'redirect'; status: 302 | 303; location: string }
  | { kind: 'empty'; status: number }

export type RequestContext = {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  body: unknown
  apiVersion2024: boolean
  /** Base URL of the fake, e.g. http://127.0.0.1:41234 */
  base: string
}

export const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body })
export const redirect = (location: string, status: 302 | 303 = 302): Reply => ({ kind: 'redirect', status, location })

/** Go's url.QueryEscape: only A-Z a-z 0-9 - _ . ~ stay, space becomes '+'. */
export function queryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Go's url.Values.Encode: keys sorted, `k=v` joined by '&'. */
function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${queryEscape(key)}=${queryEscape(values[key] ?? '')}`)
    .join('&')
}

export function withFragment(url: string, values: Record<string, string>): string {
  const [withoutFragment = url] = url.split('#')
  return `${withoutFragment}#${encodeValues(values)}`
}

export function withQuery(url: string, values: Record<string, string>): string {
  const parsed = new URL(url)
  for (const [key, value] of Object.entries(values)) parsed.searchParams.set(key, value)
  return parsed.toString()
}

const decimalHost = /^[0-9]+$/
const regularHost = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  // `**` crosses dots and slashes, `*` stays within one label or segment.
  return new RegExp(`^${escaped.replace(/\*\*|\*/g, (stars) => (stars === '**' ? '.*' : '[^./]*'))}$`)
}

/** utilities.IsRedirectURLValid */
function isRedirectUrlValid(config: FakeSupabaseConfig, candidate: string): boolean {
  if (!candidate) return false
  let site: URL
  let target: URL
  try {
    site = new URL(config.siteUrl)
    target = new URL(candidate)
  } catch {
    return false
  }
  if (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || isLoopback(target.hostname))
  ) {
    return true
  }
  if (decimalHost.test(target.hostname)) return false
  if (/^[\d.]+$/.test(target.hostname) || target.hostname.startsWith('[')) return isLoopback(target.hostname)
  if ((target.protocol === 'http:' || target.protocol === 'https:') && !regularHost.test(target.hostname)) return false
  const [withoutFragment = candidate] = candidate.split('#')
  return config.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(withoutFragment))
}

/** utilities.GetReferrer: redirect_to (header or query), else the Referer header, else the site URL. */
export function referrer(ctx: RequestContext, config: FakeSupabaseConfig): string {
  const header = ctx.headers.redirect_to
  const requested =
    typeof header === 'string' && header !== '' ? header : (ctx.url.searchParams.get('redirect_to') ?? '')
  if (isRedirectUrlValid(config, requested)) return requested
  const referer = ctx.headers.referer ?? ''
  if (isRedirectUrlValid(config, referer)) return referer
  return config.siteUrl
}

export function bodyOf<T extends z.ZodType>(ctx: RequestContext, schema: T): z.infer<T> {
  const parsed = schema.safeParse(ctx.body ?? {})
  if (!parsed.success)
    throw new GoTrueHttpError(400, 'bad_json', 'Could not parse request body as JSON: ' + parsed.error.message)
  return parsed.data
}

function bearerToken(ctx: RequestContext): string {
  const match = /^[Bb]earer (\S+)$/.exec(ctx.headers.authorization ?? '')
  if (!match?.[1]) throw new GoTrueHttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  return match[1]
}

const claimsSchema = z.looseObject({ sub: z.string().optional(), session_id: z.string().optional() })

/** requireAuthentication: a token this project signed, naming an existing user and session. */
export async function authenticate(
  ctx: RequestContext,
  state: AuthState,
  keys: ProjectKeys,
): Promise<{ user: FakeUser; session: FakeSession | undefined; token: string }> {
  const token = bearerToken(ctx)
  let payload: JWTPayload
  try {
    const alg = decodeProtectedHeader(token).alg
    payload =
      alg === 'HS256'
        ? (await jwtVerify(token, new TextEncoder().encode(keys.jwtSecret), { algorithms: ['HS256'] })).payload
        : (await jwtVerify(token, createLocalJWKSet({ keys: [keys.publicJwk] }), { algorithms: ['ES256'] })).payload
  } catch (error) {
    const reason =
      error instanceof errors.JWTExpired ? 'token has invalid claims: token is expired' : 'token signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  const claims = claimsSchema.parse(payload)
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  const user = state.users.get(claims.sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const session = claims.session_id ? state.sessions.get(claims.session_id) : undefined
  if (claims.session_id && !session)
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  return { user, session, token }
}

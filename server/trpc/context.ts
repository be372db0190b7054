import { authenticate, type AuthenticatedUser } from '#server/accounts/authenticate.ts'
import { requestIdFrom } from '#server/http/request-id.ts'
import { siteUrlOf } from '#server/http/site-url.ts'
import { isLoopbackAddress, socketAddressOf } from '#server/http/socket-address.ts'
import { currentRequestContext, noteRequestUser } from '#server/request-context.ts'
import { createRequestScope, type RequestScope } from '#server/request-scope.ts'
import { getRuntime, type Runtime } from '#server/runtime.ts'
import { domainErrorOf, toTrpcError } from './domain-errors.ts'

export type ContextUser = AuthenticatedUser

export type Context = {
  runtime: Runtime
  db: Runtime['db']
  clock: Runtime['clock']
  requestId: string
  /** The client's address, for abuse limits: X-Forwarded-For only behind a trusted proxy (TRUST_PROXY). */
  clientIp: string
  /** Whether the TCP peer is this machine: the socket's own address, whatever X-Forwarded-For says. */
  fromLoopback: boolean
  /** Where links in mail point; without it, PUBLIC_URL (or its development default). */
  siteUrl?: string | undefined
  user: ContextUser | null
}

/**
 * One context per request, shared by the tRPC endpoint, the REST bridge and SSR's local link.
 * Building it may need the database (the runtime's first start, the signed-in person): while that
 * is unreachable the request is refused as a temporary outage rather than failing as a fault.
 */
export async function createContext({ request }: { request: Request }): Promise<Context> {
  try {
    return await buildContext(request)
  } catch (error) {
    const refusal = domainErrorOf(error)
    throw refusal ? toTrpcError(refusal) : error
  }
}

async function buildContext(request: Request): Promise<Context> {
  const runtime = await getRuntime()
  const user = await userFrom(request.headers, runtime)
  if (user) noteRequestUser(user.id)
  return {
    runtime,
    db: runtime.db,
    clock: runtime.clock,
    // The id the request log gave this request (and echoes in x-request-id); a caller outside it gets its own.
    requestId: currentRequestContext()?.requestId ?? requestIdFrom(request.headers),
    clientIp: clientIpFrom(request, runtime.config.auth.trustProxy),
    fromLoopback: isLoopbackAddress(socketAddressOf(request)),
    siteUrl: siteUrlOf(runtime.config, request),
    user,
  }
}

/** The scope services take, from the request's context; every transport builds it here. */
export function scopeOf(ctx: Context): RequestScope {
  return createRequestScope({
    runtime: ctx.runtime,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    siteUrl: ctx.siteUrl,
    userId: ctx.user?.id,
  })
}

/** The signed-in person, only while the token's session is live and names their current role. */
async function userFrom(headers: Headers, runtime: Runtime): Promise<ContextUser | null> {
  const token = bearerToken(headers.get('authorization'))
  return token ? authenticate(runtime, token) : null
}

function bearerToken(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1] ?? null
}

function clientIpFrom(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return socketAddressOf(request) ?? 'unknown'
}

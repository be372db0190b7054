import { randomUUID } from 'node:crypto'
import { authenticate, type AuthenticatedUser } from '#server/accounts/authenticate.ts'
import { createRequestScope, type RequestScope } from '#server/request-scope.ts'
import { getRuntime, type Runtime } from '#server/runtime.ts'

export type ContextUser = AuthenticatedUser

export type Context = {
  runtime: Runtime
  db: Runtime['db']
  clock: Runtime['clock']
  requestId: string
  /** The client's address, for abuse limits: X-Forwarded-For only behind a trusted proxy (TRUST_PROXY). */
  clientIp: string
  user: ContextUser | null
}

const requestIdPattern = /^[\w.:-]{1,128}$/

/** One context per request, shared by the tRPC endpoint, the REST bridge and SSR's local link. */
export async function createContext({ request }: { request: Request }): Promise<Context> {
  const runtime = await getRuntime()
  return {
    runtime,
    db: runtime.db,
    clock: runtime.clock,
    requestId: requestIdFrom(request.headers),
    clientIp: clientIpFrom(request, runtime.config.auth.trustProxy),
    user: await userFrom(request.headers, runtime),
  }
}

/** The scope services take, from the request's context; every transport builds it here. */
export function scopeOf(ctx: Context): RequestScope {
  return createRequestScope({
    runtime: ctx.runtime,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    userId: ctx.user?.id,
  })
}

function requestIdFrom(headers: Headers): string {
  const given = headers.get('x-request-id')?.trim()
  // An id from outside goes into logs and event metadata: accept only a short, plain token.
  return given && requestIdPattern.test(given) ? given : randomUUID()
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
  // The node adapter (srvx) puts the socket's address on the request.
  const socketAddress = (request as Request & { ip?: unknown }).ip
  return typeof socketAddress === 'string' && socketAddress !== '' ? socketAddress : 'unknown'
}

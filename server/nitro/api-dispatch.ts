import { healthRoute, readyRoute } from '#server/routes/health-routes.ts'
import { withIdempotency } from '#server/routes/idempotency.ts'
import { handleRestRequest, isRestPath } from '#server/rest/rest-bridge.ts'
import { handleTrpcRequest } from '#server/trpc/http-handler.ts'

const trpcPrefix = '/api/trpc/'

/**
 * The probes a proxy and an orchestrator poll. Through the router, the first check of a fresh
 * replica waited for the router's first load (seconds on a loaded host, every request held
 * meanwhile) and the proxy's check timed out; answered here, a check never waits for a page
 * (decision 0138). GET serves HEAD too, as the router does; other methods take the usual way (405).
 */
const probes = new Map<string, () => Response | Promise<Response>>([
  ['/api/health', healthRoute.handlers.GET],
  ['/api/ready', readyRoute.handlers.GET],
])

/**
 * The handler of an API request the page router would only pass on: a REST operation, or a tRPC
 * call. Answered here, it skips the router (a router instance built per request, its route
 * matching) and nitro's app layer, which cost more than the operation itself (decision 0047); and
 * the health and readiness probes. The handlers are the ones the routes call, so the answer is the
 * same. Anything else (webhooks, uploads, streams, pages, unknown paths, an address that does not
 * decode, which the error handler answers) returns undefined and takes the usual way.
 */
export function directApiHandler(
  request: Request,
  pathname: string,
): ((request: Request) => Promise<Response>) | undefined {
  if (!pathname.startsWith('/api/') || !decodes(pathname)) return undefined
  const probe = probes.get(pathname)
  if (probe) return request.method === 'GET' || request.method === 'HEAD' ? async () => probe() : undefined
  if (pathname.startsWith(trpcPrefix))
    return request.method === 'GET' || request.method === 'POST' ? handleTrpcRequest : undefined
  if (isRestPath(request.method, pathname)) return restWithIdempotency
  return undefined
}

const restWithIdempotency = (request: Request) => withIdempotency(request, handleRestRequest)

function decodes(pathname: string): boolean {
  try {
    return typeof decodeURIComponent(pathname) === 'string'
  } catch {
    return false
  }
}

import { withIdempotency } from '#server/routes/idempotency.ts'
import { handleRestRequest, isRestPath } from '#server/rest/rest-bridge.ts'
import { handleTrpcRequest } from '#server/trpc/http-handler.ts'

const trpcPrefix = '/api/trpc/'

/**
 * The handler of an API request the page router would only pass on: a REST operation, or a tRPC
 * call. Answered here, it skips the router (a router instance built per request, its route
 * matching) and nitro's app layer, which cost more than the operation itself (decision 0047). The
 * handlers are the ones the catch-all routes call, so the answer is the same. Anything else (the
 * probes, webhooks, uploads, streams, pages, unknown paths, an address that does not decode, which
 * the error handler answers) returns undefined and takes the usual way.
 */
export function directApiHandler(
  request: Request,
  pathname: string,
): ((request: Request) => Promise<Response>) | undefined {
  if (!pathname.startsWith('/api/') || !decodes(pathname)) return undefined
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

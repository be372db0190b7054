import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { isJsonContentType, jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import { apiCacheControl } from '#server/http/json-response.ts'
import { trpcBodyLimit } from './body-limit.ts'
import { refusesBatchOf } from './call-limits.ts'
import { createContext } from './context.ts'
import { refusalHeadersOf, toTrpcError } from './domain-errors.ts'
import { reportError } from './report-error.ts'
import { appRouter } from './router.ts'

const trpcEndpoint = '/api/trpc'

export async function handleTrpcRequest(request: Request): Promise<Response> {
  const body = request.method === 'POST' ? await limitedBody(request) : undefined
  return fetchRequestHandler({
    endpoint: trpcEndpoint,
    req: body?.ok ? body.request : request,
    router: appRouter,
    // The original request: it carries the socket's address, which the client address needs.
    // tRPC creates the context after naming the calls and before running or reading any of them,
    // so a refused body is answered there, in tRPC's own error shape.
    createContext: ({ info }) => {
      const tooMany = refusesBatchOf(info.calls.length)
      if (tooMany) throw toTrpcError(tooMany)
      if (body && !body.ok) throw body.refusal
      return createContext({ request })
    },
    onError: ({ error, path, ctx }) => reportError({ error, path, ctx }),
    responseMeta: ({ errors }) => ({ headers: { 'cache-control': apiCacheControl, ...refusalHeadersOf(errors) } }),
  })
}

type LimitedBody = { ok: true; request: Request } | { ok: false; refusal: TRPCError }

/**
 * A POST body read once, within the limit of the procedures it calls, before tRPC parses it: tRPC
 * then reads a request holding exactly those bytes. Not a byte past the limit is read, and a body
 * of another type than JSON is not read at all.
 */
async function limitedBody(request: Request): Promise<LimitedBody> {
  if (!isJsonContentType(request.headers.get('content-type')))
    return { ok: false, refusal: new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: jsonContentTypeRequired }) }
  const pathList = new URL(request.url).pathname.slice(trpcEndpoint.length + 1)
  const body = await readRequestBody(request, trpcBodyLimit(appRouter._def.procedures, pathList))
  if (!body.ok) {
    const code = body.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST'
    return { ok: false, refusal: new TRPCError({ code, message: body.message }) }
  }
  const { method, headers, signal } = request
  return { ok: true, request: new Request(request.url, { method, headers, signal, body: body.bytes }) }
}

import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { isJsonContentType, jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { readRequestBody, type BodyRead } from '#server/http/request-body.ts'
import { apiCacheControl } from '#server/rest/json-response.ts'
import { trpcBodyLimit } from './body-limit.ts'
import { refusesBatchOf } from './call-limits.ts'
import { createContext } from './context.ts'
import { refusalHeadersOf, toTrpcError } from './domain-errors.ts'
import { reportError } from './report-error.ts'
import { appRouter } from './router.ts'

const trpcEndpoint = '/api/trpc'

export function handleTrpcRequest(request: Request): Promise<Response> {
  const body = request.method === 'POST' ? limitedBody(request) : undefined
  return fetchRequestHandler({
    endpoint: trpcEndpoint,
    req: body ? body.request : request,
    router: appRouter,
    // The original request: it carries the socket's address, which the client address needs.
    // tRPC creates the context after naming the calls and before running or reading any of them.
    createContext: async ({ info }) => {
      const tooMany = refusesBatchOf(info.calls.length)
      if (tooMany) throw toTrpcError(tooMany)
      if (body) await body.accept()
      return createContext({ request })
    },
    onError: ({ error, path, ctx }) => reportError({ error, path, ctx }),
    responseMeta: ({ errors }) => ({ headers: { 'cache-control': apiCacheControl, ...refusalHeadersOf(errors) } }),
  })
}

/**
 * A POST body read once, within the limit of the procedures it calls, before tRPC parses it. tRPC
 * creates the context before it reads any input, so refusing there answers in tRPC's own error
 * shape (PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE) without a byte past the limit read.
 */
function limitedBody(request: Request) {
  const pathList = new URL(request.url).pathname.slice(trpcEndpoint.length + 1)
  let read: Promise<BodyRead> | undefined
  const bytes = async () => {
    read ??= readRequestBody(request, trpcBodyLimit(appRouter._def.procedures, pathList))
    const body = await read
    if (!body.ok)
      throw new TRPCError({ code: body.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: body.message })
    return body.bytes
  }
  const text = async () => new TextDecoder().decode(await bytes())
  const reads: Record<string, () => Promise<unknown>> = {
    text,
    json: async () => JSON.parse(await text()) as unknown,
  }
  return {
    accept: async () => {
      if (!isJsonContentType(request.headers.get('content-type')))
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: jsonContentTypeRequired })
      await bytes()
    },
    request: new Proxy(request, {
      get(target, property) {
        if (typeof property === 'string' && Object.hasOwn(reads, property)) return reads[property]
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    }),
  }
}

import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { apiCacheControl } from '#server/rest/json-response.ts'
import { createContext } from './context.ts'
import { refusalHeadersOf } from './domain-errors.ts'
import { reportError } from './report-error.ts'
import { appRouter } from './router.ts'

const trpcEndpoint = '/api/trpc'

export function handleTrpcRequest(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: trpcEndpoint,
    req: request,
    router: appRouter,
    createContext: ({ req }) => createContext({ request: req }),
    onError: ({ error, path, ctx }) => reportError({ error, path, ctx }),
    responseMeta: ({ errors }) => ({ headers: { 'cache-control': apiCacheControl, ...refusalHeadersOf(errors) } }),
  })
}

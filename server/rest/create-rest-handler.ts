import type { TRPCError } from '@trpc/server'
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from 'trpc-to-openapi'
import { refusalHeadersOf } from '#server/trpc/domain-errors.ts'
import { envelopeFromAdapter } from './adapter-envelope.ts'
import { AdapterRequest, AdapterResponse } from './adapter-exchange.ts'
import { isJsonContentType, jsonContentTypeRequired } from '#server/http/json-content-type.ts'
import { readRequestBody } from '#server/http/request-body.ts'
import { bridgeErrorResponse } from '#server/routes/error-envelope.ts'
import { createRouteTable } from './route-table.ts'

/** The answer for an address under the API that no operation or route serves. */
export function noEndpointResponse(method: string, path: string): Response {
  return bridgeErrorResponse(404, `No API endpoint at ${method} ${path}`)
}

export type RestHandlerOptions<TContext> = {
  router: OpenApiRouter
  createContext: (opts: { request: Request }) => Promise<TContext>
  onError?: (opts: { error: TRPCError; path: string | undefined; ctx: TContext | undefined }) => void
  /** Path prefix of the REST API, e.g. '/api'. */
  endpoint: `/${string}`
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A fetch handler serving the router's OpenAPI procedures, every answer in the `{success, data | error}` envelope. */
export function createRestHandler<TContext>(
  options: RestHandlerOptions<TContext>,
): (request: Request) => Promise<Response> {
  const { endpoint } = options
  const lookupRoute = createRouteTable(options.router)
  // Created once: trpc-to-openapi's own fetch adapter builds a handler (and, outside production,
  // a whole OpenAPI document to validate the router) on every request.
  const handleOpenApi = createOpenApiNodeHttpHandler<OpenApiRouter, AdapterRequest, AdapterResponse>({
    router: options.router,
    createContext: ({ req }) => options.createContext({ request: req.fetchRequest }),
    onError: ({ error, path, ctx }) => options.onError?.({ error, path, ctx: ctx as TContext | undefined }),
    responseMeta: ({ errors }) => ({ headers: refusalHeadersOf(errors) }),
  })

  return async (request) => {
    const url = new URL(request.url)
    const path = url.pathname.startsWith(endpoint) ? url.pathname.slice(endpoint.length) || '/' : url.pathname
    const method = request.method.toUpperCase()

    const route = lookupRoute(method, path)
    if (route.kind === 'missing') return noEndpointResponse(method, `${endpoint}${path}`)
    if (route.kind === 'wrong-method') {
      const allowed = route.allowed.join(', ')
      return bridgeErrorResponse(405, `Method ${method} is not allowed on ${endpoint}${path}; use ${allowed}`, {
        allow: allowed,
      })
    }

    const body = await readJsonBody(request, route.maxBodyBytes)
    if (!body.ok) return bridgeErrorResponse(body.status, body.message)

    const adapterRequest = new AdapterRequest(request, `${path}${url.search}`, body.value)
    return new Promise<Response>((resolve, reject) => {
      const response = new AdapterResponse(adapterRequest, (status, text, headers) => {
        resolve(envelopeFromAdapter(status, text, headers))
      })
      handleOpenApi(adapterRequest, response).catch(reject)
    })
  }
}

type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string }

async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const contentType = request.headers.get('content-type')
  // No body, or no type to read it by: the adapter answers (an empty object, or 415).
  if (contentType === null || request.body === null) return { ok: true, value: undefined }
  if (!isJsonContentType(contentType)) return { ok: false, status: 415, message: jsonContentTypeRequired }
  const body = await readRequestBody(request, maxBytes)
  if (!body.ok) return body
  let text: string
  try {
    text = utf8.decode(body.bytes)
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid UTF-8' }
  }
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' }
  }
}

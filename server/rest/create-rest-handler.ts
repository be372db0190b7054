import type { TRPCError } from '@trpc/server'
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from 'trpc-to-openapi'
import { refusalHeadersOf } from '#server/trpc/domain-errors.ts'
import { envelopeFromAdapter } from './adapter-envelope.ts'
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

type AdapterResponse = {
  statusCode: number
  setHeader: (name: string, value: string | readonly string[]) => void
  end: (body?: string) => void
}

/**
 * The request the adapter reads: a `Request` of the path without the prefix, and the two fields it
 * takes when a request brings them already parsed, as express-style servers hand them over: the
 * query (`req.query`, each key's values in a list) and the body (`req.body`, the JSON value).
 */
type AdapterRequest = Omit<Request, 'body'> & { readonly query: Record<string, string[]>; readonly body: unknown }

/**
 * trpc-to-openapi's node handler as this bridge calls it. It is typed for node's
 * IncomingMessage/ServerResponse only, yet reads a fetch Request as one (it checks
 * `instanceof Request` for the content type, the abort signal and the body stream); its own
 * fetch adapter calls it the same way.
 */
type OpenApiHandler = (request: AdapterRequest, response: AdapterResponse) => Promise<void>

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A fetch handler serving the router's OpenAPI procedures, every answer in the `{success, data | error}` envelope. */
export function createRestHandler<TContext>(
  options: RestHandlerOptions<TContext>,
): (request: Request) => Promise<Response> {
  const { endpoint } = options
  const lookupRoute = createRouteTable(options.router)
  // The context is made from the request as it arrived: it alone carries the socket's address.
  const originals = new WeakMap<object, Request>()
  // Created once: trpc-to-openapi's own fetch adapter builds a handler (and, outside production,
  // a whole OpenAPI document to validate the router) on every request.
  const handleOpenApi = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req }) => {
      const request = originals.get(req)
      if (!request) throw new TypeError('The REST handler passes the requests it made')
      return options.createContext({ request })
    },
    onError: ({ error, path, ctx }) => options.onError?.({ error, path, ctx: ctx as TContext | undefined }),
    responseMeta: ({ errors }) => ({ headers: refusalHeadersOf(errors) }),
  }) as unknown as OpenApiHandler

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

    const adapterRequest = adapterRequestFor(request, url, path, body.value)
    originals.set(adapterRequest, request)
    return new Promise<Response>((resolve, reject) => {
      const headers = new Headers()
      const response: AdapterResponse = {
        statusCode: 200,
        setHeader: (name, value) => {
          if (typeof value === 'string') headers.set(name, value)
          else for (const item of value) headers.append(name, item)
        },
        end: (text) => resolve(envelopeFromAdapter(response.statusCode, text ?? '', headers)),
      }
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
    const value: unknown = JSON.parse(text)
    return { ok: true, value }
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' }
  }
}

/**
 * The query string as the adapter reads it when a request brings its own (`req.query`), each key's
 * values in a list: in an object without a prototype, so a key named `__proto__`, `constructor` or
 * `toString` is a key like any other rather than a property every object already has.
 */
function queryOf(parameters: URLSearchParams): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>
  for (const [key, value] of parameters) (query[key] ??= []).push(value)
  return query
}

/**
 * The request as the adapter reads it. It reads a method's body and content type, the query, and
 * nothing else of a request: the context is built from the original request, and the adapter
 * gives a procedure no abort signal, so neither the headers nor the signal are copied (a copy of
 * every header, and a signal following the original's, were most of a GET's cost in the bridge:
 * decision 0128).
 */
function adapterRequestFor(request: Request, url: URL, path: string, body: unknown): AdapterRequest {
  const { method } = request
  const query = queryOf(url.searchParams)
  const address = `${url.origin}${path}${url.search}`
  // The adapter reads neither the type nor the body of a GET or DELETE.
  if (method === 'GET' || method === 'DELETE') return Object.assign(new Request(address, { method }), { query })
  // A bodiless POST (logout, session end) is an empty JSON object, not an unsupported media type.
  // Node's fetch sends `content-length: 0` and an empty stream rather than no body at all.
  const contentType = request.headers.get('content-type')
  const bodiless = contentType === null && (request.body === null || request.headers.get('content-length') === '0')
  // A JSON type was checked already; the adapter matches only the lower-case spelling. Any other
  // type, or none, is left for the adapter to refuse with 415.
  const adapterType = bodiless || isJsonContentType(contentType) ? 'application/json' : contentType
  const adapterRequest = new Request(address, {
    method,
    headers: adapterType === null ? {} : { 'content-type': adapterType },
  })
  // The value the bridge parsed, which the adapter takes as it is: it would parse a stream again.
  Object.defineProperty(adapterRequest, 'body', { value: bodiless ? {} : body })
  return Object.assign(adapterRequest, { query })
}

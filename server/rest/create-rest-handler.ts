import type { TRPCError } from '@trpc/server'
import { createOpenApiNodeHttpHandler, type NodeHTTPRequest, type OpenApiRouter } from 'trpc-to-openapi'
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

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A fetch handler serving the router's OpenAPI procedures, every answer in the `{success, data | error}` envelope. */
export function createRestHandler<TContext>(
  options: RestHandlerOptions<TContext>,
): (request: Request) => Promise<Response> {
  const { endpoint } = options
  const lookupRoute = createRouteTable(options.router)
  // Created once: trpc-to-openapi's own fetch adapter builds a handler (and, outside production,
  // a whole OpenAPI document to validate the router) on every request.
  const handleOpenApi = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req }) => {
      if (!(req instanceof Request)) throw new TypeError('The REST handler passes fetch Requests')
      return options.createContext({ request: req })
    },
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

    const adapterRequest = adapterRequestFor(request, `${url.origin}${path}${url.search}`, body.value)
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
      // The adapter is typed for node's IncomingMessage/ServerResponse but also accepts fetch
      // Requests (it checks `instanceof Request`), as its own fetch adapter relies on.
      handleOpenApi(
        adapterRequest as unknown as NodeHTTPRequest,
        response as unknown as Parameters<typeof handleOpenApi>[1],
      ).catch(reject)
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

/** The original request seen through the adapter's eyes: path without the prefix, body and query already parsed. */
function adapterRequestFor(request: Request, url: string, body: unknown): Request {
  // A bodiless POST (logout, session end) is an empty JSON object, not an unsupported media type.
  // Node's fetch sends `content-length: 0` and an empty stream rather than no body at all.
  const bodiless =
    !request.headers.has('content-type') && (request.body === null || request.headers.get('content-length') === '0')
  // A JSON type was checked already; the adapter matches only the lower-case spelling. It reads
  // neither the type nor the body of a GET or DELETE, so their headers need no copy.
  const checkedJson = isJsonContentType(request.headers.get('content-type'))
  const retyped = (bodiless || checkedJson) && request.method !== 'GET' && request.method !== 'DELETE'
  const headers = retyped ? new Headers(request.headers) : request.headers
  if (retyped) headers.set('content-type', 'application/json')
  const query = queryOf(new URL(url).searchParams)
  return new Proxy(request, {
    get(target, property) {
      if (property === 'url') return url
      if (property === 'query') return query
      if (property === 'body') return bodiless ? {} : body
      if (property === 'headers') return headers
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

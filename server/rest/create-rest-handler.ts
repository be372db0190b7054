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

/** The request the adapter reads: the path without the prefix, the body's bytes, the query as it reads it. */
type AdapterRequest = Request & { query: Record<string, string[]> }

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

    const adapterRequest = adapterRequestFor(request, `${url.origin}${path}${url.search}`, body.payload)
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

/** What the adapter is given to read: nothing, or JSON text already checked. */
type JsonPayload = Uint8Array<ArrayBuffer> | string | undefined
type JsonBody = { ok: true; payload: JsonPayload } | { ok: false; status: number; message: string }

async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const contentType = request.headers.get('content-type')
  // No body, or no type to read it by: the adapter answers (an empty object, or 415).
  if (contentType === null || request.body === null) return { ok: true, payload: undefined }
  if (!isJsonContentType(contentType)) return { ok: false, status: 415, message: jsonContentTypeRequired }
  const body = await readRequestBody(request, maxBytes)
  if (!body.ok) return body
  let text: string
  try {
    text = utf8.decode(body.bytes)
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid UTF-8' }
  }
  if (text.trim() === '') return { ok: true, payload: emptyObject }
  try {
    JSON.parse(text)
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' }
  }
  // The bytes as they came: the adapter parses them again (re-serialising the parsed value would
  // overflow the stack on deeply nested JSON, which parsing does not).
  return { ok: true, payload: body.bytes }
}

const emptyObject = '{}'

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

/** The request as the adapter reads it: path without the prefix, the checked body, the query in lists. */
function adapterRequestFor(request: Request, url: string, payload: JsonPayload): AdapterRequest {
  const { method, signal } = request
  const query = queryOf(new URL(url).searchParams)
  // The adapter reads neither the type nor the body of a GET or DELETE.
  if (method === 'GET' || method === 'DELETE')
    return Object.assign(new Request(url, { method, headers: request.headers, signal }), { query })
  // A bodiless POST (logout, session end) is an empty JSON object, not an unsupported media type.
  // Node's fetch sends `content-length: 0` and an empty stream rather than no body at all.
  const bodiless =
    !request.headers.has('content-type') && (request.body === null || request.headers.get('content-length') === '0')
  const headers = new Headers(request.headers)
  // A JSON type was checked already; the adapter matches only the lower-case spelling.
  if (bodiless || isJsonContentType(request.headers.get('content-type')))
    headers.set('content-type', 'application/json')
  // The body is the bytes read (or `{}`), so the length is its own, not the header's.
  headers.delete('content-length')
  const body = bodiless ? emptyObject : payload
  return Object.assign(new Request(url, { method, headers, signal, body }), { query })
}

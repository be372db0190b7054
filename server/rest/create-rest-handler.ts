import type { TRPCError } from '@trpc/server'
import { createOpenApiNodeHttpHandler, type NodeHTTPRequest, type OpenApiRouter } from 'trpc-to-openapi'
import { refusalHeadersOf } from '#server/trpc/domain-errors.ts'
import { envelopeFromAdapter } from './adapter-envelope.ts'
import { bridgeErrorResponse } from './error-envelope.ts'
import { createRouteTable } from './route-table.ts'

export type RestHandlerOptions<TContext> = {
  router: OpenApiRouter
  createContext: (opts: { request: Request }) => Promise<TContext>
  onError?: (opts: { error: TRPCError; path: string | undefined; ctx: TContext | undefined }) => void
  /** Path prefix of the REST API, e.g. '/api'. */
  endpoint: `/${string}`
  maxJsonBodyBytes?: number
}

type AdapterResponse = {
  statusCode: number
  setHeader: (name: string, value: string | readonly string[]) => void
  end: (body?: string) => void
}

/** Screenshots arrive base64-encoded in JSON, so allow more than the adapter's 100 kB default. */
const defaultMaxJsonBodyBytes = 10 * 1024 * 1024

/** A fetch handler serving the router's OpenAPI procedures, every answer in the `{success, data | error}` envelope. */
export function createRestHandler<TContext>(
  options: RestHandlerOptions<TContext>,
): (request: Request) => Promise<Response> {
  const { endpoint } = options
  const maxBytes = options.maxJsonBodyBytes ?? defaultMaxJsonBodyBytes
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
    if (route.kind === 'missing') return bridgeErrorResponse(404, `No API endpoint at ${method} ${endpoint}${path}`)
    if (route.kind === 'wrong-method') {
      const allowed = route.allowed.join(', ')
      return bridgeErrorResponse(405, `Method ${method} is not allowed on ${endpoint}${path}; use ${allowed}`, {
        allow: allowed,
      })
    }

    const body = await readJsonBody(request, maxBytes)
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
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('application/json') || request.body === null)
    return { ok: true, value: undefined }
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The request body is larger than ${formatBytes(maxBytes)}`,
  } as const
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return tooLarge
  const text = await request.text()
  if (Buffer.byteLength(text) > maxBytes) return tooLarge
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' }
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`
}

/** The original request seen through the adapter's eyes: path without the prefix, body already parsed. */
function adapterRequestFor(request: Request, url: string, body: unknown): Request {
  // A bodiless POST (logout, session end) is an empty JSON object, not an unsupported media type.
  // Node's fetch sends `content-length: 0` and an empty stream rather than no body at all.
  const bodiless =
    !request.headers.has('content-type') && (request.body === null || request.headers.get('content-length') === '0')
  const headers = bodiless ? new Headers(request.headers) : request.headers
  if (bodiless) headers.set('content-type', 'application/json')
  return new Proxy(request, {
    get(target, property) {
      if (property === 'url') return url
      if (property === 'body') return bodiless ? {} : body
      if (property === 'headers') return headers
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

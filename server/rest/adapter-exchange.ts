import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { isJsonContentType } from '#server/http/json-content-type.ts'

/**
 * trpc-to-openapi's handler is made for node's request and response, its documented input. Its own
 * fetch adapter builds the handler (and outside production a whole OpenAPI document) per request,
 * so the REST handler creates one handler at start and gives it node objects made from the fetch
 * request: body and query already read, and the fetch request itself for the context.
 */
export class AdapterRequest extends IncomingMessage {
  /** Read by the adapter instead of the stream: the JSON body, already parsed and checked. */
  readonly body: unknown
  /**
   * The query string, each key's values in a list, in an object without a prototype: a key named
   * `__proto__`, `constructor` or `toString` is a key like any other rather than a property every
   * object already has (the adapter's own parsing would fail on those).
   */
  readonly query: Record<string, string[]>
  /** The request as it arrived: the context reads the client's address and headers from it. */
  readonly fetchRequest: Request

  constructor(fetchRequest: Request, pathAndQuery: string, body: unknown) {
    super(new Socket())
    this.fetchRequest = fetchRequest
    this.method = fetchRequest.method
    this.url = pathAndQuery
    const { headers, bodiless } = adapterHeaders(fetchRequest)
    this.headers = headers
    // A bodiless POST (logout, session end) is an empty JSON object, not an unsupported media type.
    this.body = bodiless ? {} : body
    this.query = queryOf(new URL(pathAndQuery, 'http://localhost').searchParams)
  }
}

/** Collects the adapter's answer: its status, headers and the JSON text it ends with. */
export class AdapterResponse extends ServerResponse<AdapterRequest> {
  private readonly onEnd: (status: number, text: string, headers: Headers) => void

  constructor(request: AdapterRequest, onEnd: (status: number, text: string, headers: Headers) => void) {
    super(request)
    this.onEnd = onEnd
  }

  override end(chunk?: unknown): this {
    const headers = new Headers()
    for (const [name, value] of Object.entries(this.getHeaders())) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item)
      else if (value !== undefined) headers.set(name, String(value))
    }
    this.onEnd(this.statusCode, typeof chunk === 'string' ? chunk : '', headers)
    return this
  }
}

/**
 * Only the content type: the adapter reads nothing else, and the context reads the fetch request.
 * A JSON type was checked already; the adapter matches only the lower-case spelling. It reads
 * neither the type nor the body of a GET or DELETE.
 */
function adapterHeaders(request: Request): { headers: Record<string, string>; bodiless: boolean } {
  const contentType = request.headers.get('content-type')
  // Node's fetch sends `content-length: 0` and an empty stream rather than no body at all.
  const bodiless = contentType === null && (request.body === null || request.headers.get('content-length') === '0')
  const retyped =
    (bodiless || isJsonContentType(contentType)) && request.method !== 'GET' && request.method !== 'DELETE'
  if (retyped) return { headers: { 'content-type': 'application/json' }, bodiless }
  return { headers: contentType === null ? {} : { 'content-type': contentType }, bodiless }
}

function queryOf(parameters: URLSearchParams): Record<string, string[]> {
  const query = Object.create(null) as Record<string, string[]>
  for (const [key, value] of parameters) (query[key] ??= []).push(value)
  return query
}

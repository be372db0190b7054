import { FastResponse } from 'srvx'

/**
 * A JSON answer of the REST bridge, with the charset spelled out. API answers carry tokens and
 * personal data, so no browser, proxy or CDN may keep them.
 */
export const apiCacheControl = 'no-store'

/** The text of each JSON answer made here, for the compression step to size and encode without reading a stream. */
const texts = new WeakMap<Response, string>()

export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers)
}

/**
 * The same, for a body already written as JSON text. srvx's FastResponse keeps the text as it is:
 * the node server writes it with the headers in one go instead of reading it back from a stream
 * (decision 0057); anywhere else it behaves as a Response.
 */
export function jsonTextResponse(text: string, status: number, headers?: HeadersInit): Response {
  const merged = new Headers(headers)
  merged.set('content-type', 'application/json; charset=utf-8')
  merged.set('cache-control', apiCacheControl)
  const response = new FastResponse(text, { status, headers: merged })
  texts.set(response, text)
  return response
}

/**
 * The JSON text of an answer made by `jsonTextResponse`. (Asking `bodyUsed` would turn a
 * FastResponse into a stream-backed one; whoever reads such an answer returns a new one instead.)
 */
export function jsonTextOf(response: Response): string | undefined {
  return texts.get(response)
}

/**
 * A JSON answer of the REST bridge, with the charset spelled out. API answers carry tokens and
 * personal data, so no browser, proxy or CDN may keep them.
 */
export const apiCacheControl = 'no-store'

export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers)
}

/** The same, for a body already written as JSON text. */
export function jsonTextResponse(text: string, status: number, headers?: HeadersInit): Response {
  const merged = new Headers(headers)
  merged.set('content-type', 'application/json; charset=utf-8')
  merged.set('cache-control', apiCacheControl)
  return new Response(text, { status, headers: merged })
}

/** A JSON answer of the REST bridge, with the charset spelled out. */
export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  const merged = new Headers(headers)
  merged.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status, headers: merged })
}

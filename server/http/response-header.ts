/** The answer with one more header; some answers (Response.redirect, a proxied fetch) have read-only headers. */
export function withResponseHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value)
    return response
  } catch {
    const headers = new Headers(response.headers)
    headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/**
 * CORS for the API: origins listed in CORS_ORIGINS (desktop shells, local development servers)
 * may call /api/* from a script and read the answer. Credentials are not allowed: the API takes a
 * bearer token in Authorization, never a cookie. Any other origin gets no CORS header at all.
 */

const allowedMethods = 'GET, POST, PUT, PATCH, DELETE'
const allowedHeaders = 'Authorization, Content-Type, X-Request-Id, Idempotency-Key'
/**
 * The response headers the API sends that a script reads, exactly those the API document declares
 * (tests/http/cors.test.ts compares the two): without a name here a renderer cannot see it.
 */
const exposedHeaders = [
  'API-Version',
  'X-Request-Id',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Idempotent-Replayed',
  'Content-Disposition',
  'X-Invoice-Number',
].join(', ')
/** Chromium caps a preflight's life at 2 hours; Firefox at 24. */
const preflightMaxAgeSeconds = '7200'

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/')
}

/** The request's Origin when it is one of `allowed`, exactly as the browser sent it. */
export function allowedOrigin(request: Request, allowed: readonly string[]): string | undefined {
  const origin = request.headers.get('origin')
  return origin !== null && allowed.includes(origin.toLowerCase()) ? origin : undefined
}

export function isPreflight(request: Request): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  )
}

/** 204 with what the API accepts, for an origin on the list. */
export function preflightAnswer(origin: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': allowedMethods,
      'access-control-allow-headers': allowedHeaders,
      'access-control-max-age': preflightMaxAgeSeconds,
      vary: 'Origin',
      'cache-control': 'no-store',
    },
  })
}

/** An actual answer to an origin on the list: readable by its script, with the headers a client needs. */
export function addCorsHeaders(headers: Headers, origin: string): void {
  headers.set('access-control-allow-origin', origin)
  headers.set('access-control-expose-headers', exposedHeaders)
}

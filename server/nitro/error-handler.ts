import { defineErrorHandler } from 'nitro'
import { bridgeErrorResponse, malformedAddressMessage } from '#server/routes/error-envelope.ts'

/**
 * Errors that reach the HTTP server itself, before any route: an address whose percent-encoding
 * does not decode, or a failure no route caught. The API answers them in its own envelope and a
 * page address gets a short HTML page, instead of the server's generic JSON.
 */
export default defineErrorHandler((error, event) => {
  const rawPath = event.req.url.replace(/^[a-z]+:\/\/[^/]*/i, '').split('?')[0] ?? '/'
  const malformed = !decodes(rawPath)
  const status = malformed ? 400 : typeof error.status === 'number' && error.status >= 400 ? error.status : 500
  const message = malformed ? malformedAddressMessage : status >= 500 ? undefined : error.message
  if (rawPath.startsWith('/api/') || rawPath === '/api') return bridgeErrorResponse(status, message ?? '')
  return new Response(errorPage(status, message), {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
})

function decodes(path: string): boolean {
  try {
    // The result is used so that no bundler drops the call as side-effect free.
    return typeof decodeURIComponent(path) === 'string'
  } catch {
    return false
  }
}

function errorPage(status: number, message: string | undefined): string {
  const text = message ?? 'Something went wrong on our side. Please try again in a moment.'
  const escaped = text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status} · Interview Helper</title></head><body><main><h1>Error ${status}</h1><p>${escaped}</p><p><a href="/">Back to the home page</a></p></main></body></html>`
}

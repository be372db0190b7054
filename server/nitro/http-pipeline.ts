import { definePlugin } from 'nitro'
import { loadConfigOrExit } from '#app.config.ts'
import { compressResponse, appendVary } from '#server/http/compression.ts'
import { addCorsHeaders, allowedOrigin, isApiPath, isPreflight, preflightAnswer } from '#server/http/cors.ts'
import { nonceOf, shareNonceContext } from '#server/http/csp-nonce.ts'
import { addRateLimitHeaders } from '#server/http/rate-limit-headers.ts'
import { addSecurityHeaders } from '#server/http/security-headers.ts'
import { currentRequestContext } from '#server/request-context.ts'
import { apiVersionHeader, majorApiVersion } from '#server/rest/api-version.ts'
import { bridgeErrorResponse } from '#server/routes/error-envelope.ts'
import { createLogger } from '#server/logger.ts'
import { directApiHandler } from './api-dispatch.ts'

/**
 * The one place every answer passes on its way out, whoever made it: pages, API answers, static
 * files, and the error handler's answers (h3 turns a thrown error into a response before its
 * middleware could see it, so this wraps the whole app instead). It answers CORS preflights, hands REST and tRPC calls straight to their handlers (decision 0047),
 * and adds the security, CORS, API-Version and RateLimit headers and the compression.
 */
export default definePlugin((nitroApp) => {
  const config = loadConfigOrExit()
  const log = createLogger(config.logLevel)
  const inner = nitroApp.fetch
  /** A direct API answer; what it throws is logged and answered as nitro's error handler would. */
  const direct = async (handler: (request: Request) => Promise<Response>, request: Request) => {
    try {
      return await handler(request)
    } catch (error) {
      log.error('unhandled error', { error })
      return bridgeErrorResponse(500, '')
    }
  }
  nitroApp.fetch = async (request) => {
    const { pathname } = new URL(request.url)
    const api = isApiPath(pathname)
    const origin = api ? allowedOrigin(request, config.corsOrigins) : undefined
    shareNonceContext(request)
    let response: Response
    if (api && isPreflight(request)) {
      response = origin
        ? preflightAnswer(origin)
        : bridgeErrorResponse(403, 'This origin may not call the API: list it in CORS_ORIGINS')
    } else {
      const handler = api ? directApiHandler(request, pathname) : undefined
      response = await (handler ? direct(handler, request) : inner(request))
    }
    response = withWritableHeaders(response)
    const { headers } = response
    addSecurityHeaders(headers, config, () => nonceOf(request), pathname)
    if (api) {
      appendVary(headers, 'Origin')
      headers.set(apiVersionHeader, majorApiVersion)
      addRateLimitHeaders(headers, [...(currentRequestContext()?.rateLimits?.values() ?? [])])
    }
    if (origin && !isPreflight(request)) addCorsHeaders(headers, origin)
    return compressResponse(request, response)
  }
})

/** The response itself when its headers can be changed; a copy when they are immutable (Response.redirect). */
function withWritableHeaders(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff')
    return response
  } catch {
    const { status, statusText, headers, body } = response
    return new Response(body, { status, statusText, headers: new Headers(headers) })
  }
}

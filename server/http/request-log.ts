import type { ServerResponse } from 'node:http'
import type { Logger } from '#server/logger.ts'
import { runInRequestContext, type RequestContext } from '#server/request-context.ts'
import { requestIdFrom } from './request-id.ts'
import { withResponseHeader } from './response-header.ts'

type Handler = (request: Request) => Response | Promise<Response>

const isProbe = (path: string) => path === '/api/health' || path === '/api/ready'

/**
 * Wraps the server's whole handler (pages, API, static files): each request runs in its own log
 * context, its answer carries `x-request-id`, and one line is logged once the answer has been sent
 * (streamed answers included), with the status, the duration, and whether the client left early.
 */
export function withRequestLog(handle: Handler, log: Logger): Handler {
  return async (request) => {
    const started = performance.now()
    const context: RequestContext = { requestId: requestIdFrom(request.headers) }
    const logLine = (status: number, aborted: boolean) =>
      runInRequestContext(context, () => {
        const fields = {
          method: request.method,
          // The path only: a query string may carry a token.
          path: pathOf(request.url),
          status,
          durationMs: Math.round(performance.now() - started),
          ...(aborted ? { aborted } : {}),
        }
        // A probe answering "not ready" (a replica booting or stopping) is its answer, not a failure.
        if (status >= 500 && !isProbe(fields.path)) log.error('request', fields)
        else log.info('request', fields)
      })
    let response: Response
    try {
      response = withResponseHeader(
        await runInRequestContext(context, () => handle(request)),
        'x-request-id',
        context.requestId,
      )
    } catch (error) {
      logLine(500, false)
      throw error
    }
    const nodeResponse = nodeResponseOf(request)
    if (nodeResponse) nodeResponse.once('close', () => logLine(nodeResponse.statusCode, !nodeResponse.writableFinished))
    else logLine(response.status, false)
    return response
  }
}

function pathOf(url: string): string {
  return new URL(url, 'http://localhost').pathname
}

/** The node adapter (srvx) exposes the socket's response: its end tells when the answer was really sent. */
function nodeResponseOf(request: Request): ServerResponse | undefined {
  return (request as Request & { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res
}

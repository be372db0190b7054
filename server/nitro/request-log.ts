import { definePlugin } from 'nitro'
import { loadConfig } from '#app.config.ts'
import { withRequestLog } from '#server/http/request-log.ts'
import { createLogger } from '#server/logger.ts'

/**
 * Wraps nitro's handler, the one the HTTP server calls for every request (static files and errors
 * answered by nitro included), with the request log and its per-request context; errors that reach
 * nitro itself are logged with their stack here, while the answer stays the error handler's.
 */
export default definePlugin((nitroApp) => {
  const level = loadConfig().logLevel
  const log = createLogger(level)
  // The request line's fields are ours (method, path, status, duration, ids), none of them secret.
  nitroApp.fetch = withRequestLog(nitroApp.fetch, createLogger(level, undefined, { redactFields: false }))
  nitroApp.hooks.hook('error', (error) => {
    const status = (error as Error & { status?: unknown }).status
    if (typeof status === 'number' && status < 500) return
    log.error('unhandled error', { error })
  })
})

import { subscribe } from 'node:diagnostics_channel'
import { constants } from 'node:os'
import { definePlugin } from 'nitro'
import { loadConfig } from '#app.config.ts'
import { withResponseHeader } from '#server/http/response-header.ts'
import { socketAddressOf } from '#server/http/socket-address.ts'
import { stopHandover } from '#server/http/stop-handover.ts'
import { closeBoundMs } from '#server/http/stop-settings.ts'
import { jsonResponse } from '#server/http/json-response.ts'
import { createLogger, type Logger } from '#server/logger.ts'
import { closeRuntime } from '#server/runtime.ts'

/** After the drain, how long closing the jobs and the database may take before the process gives up. */
const closeSeconds = 10
/**
 * A terminal's Ctrl+C reaches `npm start`'s whole process group and npm forwards it too: the same
 * keypress arrives twice within milliseconds, and must not count as the second, impatient one.
 */
const echoWindowMs = 500

/** A replica that polls answer from these, and a proxy routes by them. */
const healthPaths = new Set(['/api/health', '/api/ready'])

/**
 * Graceful stop. The server's entry closes the HTTP server on SIGTERM and SIGINT: it first hands
 * over (health checks answer 503 until the proxy polling them was told, at most 10 s; decision
 * 0103), then stops listening, lets the answers in flight finish (until the handover's limit plus
 * SERVER_SHUTDOWN_TIMEOUT seconds from the signal, then cuts them), and runs nitro's `close` hooks. Here: the health
 * answers while stopping, the `close` hook that stops the runtime (so nothing is left to keep the
 * process alive and it exits 0), a second signal that exits at once, and a last-resort exit if
 * closing hangs.
 */
export default definePlugin((nitroApp) => {
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  // srvx only reports a port it cannot listen on; the runtime would keep the process (and the
  // database) alive, serving nothing. Node publishes the failure on this channel.
  subscribe('tracing:net.server.listen:error', (message) => {
    log.error('cannot listen: stopping', { error: (message as { error?: unknown }).error })
    void closeRuntime().finally(() => process.exit(1))
  })
  if (!config.stop.handlesSignals) return
  let firstSignalAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt === undefined) {
      firstSignalAt = Date.now()
      handover.begin()
      log.info(
        'stopping: no new connections once a proxy polling the health checks saw them answer 503; answers in flight may finish',
        { signal, drainSeconds: config.stop.drainSeconds },
      )
      giveUpAfter(closeBoundMs(config.stop) / 1000 + closeSeconds, log)
      return
    }
    if (Date.now() - firstSignalAt < echoWindowMs) return
    log.warn('second signal: exiting at once', { signal })
    process.exit(128 + constants.signals[signal])
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
  // An answer finished while stopping closes its connection: a keep-alive client would otherwise
  // hold it (and the stop) open until its idle timeout.
  // While stopping, the health checks say so: a proxy routing by them stops sending requests here.
  const handover = stopHandover()
  const handle = nitroApp.fetch
  nitroApp.fetch = async (request) => {
    if (request.method === 'GET' && (request.url.includes('/api/health') || request.url.includes('/api/ready'))) {
      const path = new URL(request.url).pathname
      if (healthPaths.has(path)) {
        handover.noteHealthCheck(socketAddressOf(request) ?? 'unknown')
        if (handover.stopping())
          return jsonResponse({ success: false, error: 'This server is stopping', code: 'service_unavailable' }, 503, {
            connection: 'close',
          })
      }
    }
    const response = await handle(request)
    return firstSignalAt === undefined ? response : withResponseHeader(response, 'connection', 'close')
  }
  nitroApp.hooks.hook('close', async () => {
    log.info('connections closed; stopping the background jobs and closing the database')
    await closeRuntime()
    log.info('stopped')
  })
})

/** Unreferenced: it fires only if something still holds the process open after the bound. */
function giveUpAfter(seconds: number, log: Logger) {
  setTimeout(() => {
    log.error('still running after the shutdown bound: exiting', { holding: process.getActiveResourcesInfo() })
    process.exit(1)
  }, seconds * 1000).unref()
}

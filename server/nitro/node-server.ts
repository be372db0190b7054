import { Server as HttpServer } from 'node:http'
import { serve } from 'srvx/node'
import { useNitroApp, useNitroHooks } from 'nitro/app'
import { loadConfigOrExit } from '#app.config.ts'
import { closeGracefully } from '#server/http/close-gracefully.ts'
import { resourcesHoldingProcess } from '#server/http/held-open.ts'
import { guardConnections } from '#server/http/connection-guard.ts'
import { httpServerTimeouts } from '#server/http/server-timeouts.ts'
import { stopHandover } from '#server/http/stop-handover.ts'
import { closeBoundMs } from '#server/http/stop-settings.ts'
import { createLogger } from '#server/logger.ts'

/**
 * The built server's entry (nitro's `entry`), in place of nitro's node-server entry: the same
 * srvx server around nitro's handler, with what that entry leaves to Node's defaults decided here
 * (decision 0076): the address from the app's configuration (loopback unless HOST says otherwise),
 * timeouts for slow headers, bodies and idle connections, a cap on one address's connections, a
 * warning near the descriptor limit, and idle connections closed at once when a stop begins.
 */
const config = loadConfigOrExit()
const log = createLogger(config.logLevel)
const nitroApp = useNitroApp()

const server = serve({
  port: config.port,
  hostname: config.host,
  fetch: nitroApp.fetch,
  node: httpServerTimeouts,
  // srvx's own handler races the close against a new 1 s timer each second and never clears the
  // last one: the stopped process lived a second longer. The signals are handled below instead.
  gracefulShutdown: false,
})

// Plain HTTP/1.1 (no TLS options are given): the proxy in front, or loopback, speaks to it.
const nodeServer = server.node?.server
const guard =
  nodeServer instanceof HttpServer
    ? guardConnections(nodeServer, { perAddressCap: !config.auth.trustProxy, log })
    : undefined

// Closing lets the requests in flight finish. Before it stops listening, a proxy polling the health
// checks is told (they answer 503) so it sends nothing more here (decision 0103); a forced close
// does not wait. Connections without a request would hold the stop until their idle bound: closed
// once the listener is. Then nitro's `close` hooks (the runtime's own shutdown) run, as nitro's
// entry does.
const closeServer = server.close.bind(server)
let closed: Promise<void> | undefined
server.close = (closeActiveConnections) => {
  const handover = stopHandover()
  handover.begin()
  const closing = (closeActiveConnections ? Promise.resolve() : handover.handedOver()).then(() => {
    const listenerClosed = closeServer(closeActiveConnections)
    guard?.closeIdle()
    return listenerClosed
  })
  // Resolves once the runtime closed too: what still holds the process is looked at after that.
  return closing.finally(() => {
    closed ??= Promise.resolve(useNitroHooks().callHook('close')).catch((error: unknown) =>
      log.error('closing failed', { error }),
    )
    return closed
  })
}

// SIGTERM and SIGINT close the server; past the bound the connections left are cut. A second
// signal is the nitro plugin's (graceful-shutdown.ts): it exits at once.
if (config.stop.handlesSignals) {
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    closeGracefully((force) => server.close(force), closeBoundMs(config.stop)).then(
      // On the next turn of the event loop: the last connections, closed on this one, finish
      // closing at its end.
      () => setImmediate(() => setImmediate(reportHolders)),
      (error: unknown) => log.error('closing the server failed', { error }),
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/**
 * Once stopped (the server closed, the runtime with it), the process exits when this turn of the
 * event loop ends. Anything left (a timer, a socket, a worker) would delay every stop by as long as
 * it lasts: named here rather than found by timing restarts.
 */
function reportHolders() {
  const holding = resourcesHoldingProcess()
  if (holding.length > 0) log.warn('stopped, yet still held open', { holding })
}

for (const event of ['unhandledRejection', 'uncaughtException'] as const)
  process.on(event, (error) => {
    log.error(event, { error })
    nitroApp.captureError?.(error instanceof Error ? error : new Error(String(error)), { tags: [event] })
  })

export default {}

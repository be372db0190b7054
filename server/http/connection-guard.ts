import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Logger } from '#server/logger.ts'
import { createDescriptorWatch, openDescriptors, openFileLimit } from './descriptor-watch.ts'
import { slowBodyMessage, slowClientBounds } from './server-timeouts.ts'

/**
 * Connections one client address may hold at once when no proxy stands in front (decision 0076):
 * far more than a person's browser and desktop app open, far fewer than the descriptors a process has.
 */
const connectionsPerAddress = 128

/**
 * Descriptors kept free of connections, beyond those open at start: for the database, files and
 * logs. The log warns once fewer than twice as many are free.
 */
const reservedDescriptors = (limit: number) => Math.max(64, Math.floor(limit / 5))

type Guarded = { requests: number; silent: NodeJS.Timeout }

/**
 * Watches the Node HTTP server's connections: one address's share (`perAddressCap`, without a
 * trusted proxy, whose own address every connection would share), a request's body pace, the
 * descriptor limit, and, for a stop, which connections carry no request and can close at once.
 */
export function guardConnections(server: Server, { perAddressCap, log }: { perAddressCap: boolean; log: Logger }) {
  const limit = openFileLimit()
  const reserve = limit === undefined ? 0 : reservedDescriptors(limit)
  if (limit !== undefined) server.maxConnections = Math.max(1, limit - (openDescriptors() ?? 0) - reserve)
  const checkDescriptors = createDescriptorWatch(log, limit, (limit ?? 0) - 2 * reserve)
  const perAddress = new Map<string, number>()
  const connections = new Map<Socket, Guarded>()
  const slowBodies = watchBodyPace()
  let stopping = false

  server.on('connection', (socket: Socket) => {
    checkDescriptors()
    const address = socket.remoteAddress ?? ''
    const held = (perAddress.get(address) ?? 0) + 1
    if (perAddressCap && held > connectionsPerAddress) {
      socket.destroy()
      return
    }
    perAddress.set(address, held)
    // Node's headers bound starts with a request's first byte: a connection that never sends one
    // (or never completes one) is closed here, at the same bound.
    const guarded: Guarded = { requests: 0, silent: setTimeout(() => socket.destroy(), slowClientBounds.headersMs) }
    guarded.silent.unref()
    connections.set(socket, guarded)
    socket.once('close', () => {
      clearTimeout(guarded.silent)
      connections.delete(socket)
      const left = (perAddress.get(address) ?? 1) - 1
      if (left <= 0) perAddress.delete(address)
      else perAddress.set(address, left)
    })
  })

  // A connection over the ceiling (`maxConnections`) is dropped by Node: a sign to count.
  server.on('drop', () => checkDescriptors())

  server.on('request', (request: IncomingMessage, response) => {
    const guarded = connections.get(request.socket)
    if (!guarded) return
    clearTimeout(guarded.silent)
    guarded.requests += 1
    slowBodies.watch(request, response)
    response.once('close', () => {
      guarded.requests -= 1
      if (stopping && guarded.requests === 0) request.socket.destroy()
    })
  })

  return {
    /** A stop began: connections with no request in flight close now; the others once answered. */
    closeIdle(): void {
      stopping = true
      for (const [socket, guarded] of connections) if (guarded.requests === 0) socket.destroy()
    },
  }
}

/** The answer to a body slower than the floor: the JSON envelope, so a client learns why before the close. */
const slowBodyAnswer = JSON.stringify({
  success: false,
  error: slowBodyMessage,
  code: 'request_timeout',
})

/**
 * Answers 408 and closes once it is out, when the app has not answered yet (decision 0112); the
 * app's own answer, once its body read fails, then finds the response ended and is dropped.
 */
function refuseSlowBody(request: IncomingMessage, response: ServerResponse): void {
  if (response.headersSent) {
    request.socket.destroy()
    return
  }
  response.writeHead(408, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(slowBodyAnswer),
    'cache-control': 'no-store',
    connection: 'close',
  })
  response.end(slowBodyAnswer, () => request.socket.destroy())
}

/** Requests whose body is still arriving, checked once a second against the minimum pace. */
function watchBodyPace() {
  const watched = new Map<IncomingMessage, { startedAt: number; bytesAtStart: number; response: ServerResponse }>()
  let timer: NodeJS.Timeout | undefined
  const sweep = () => {
    const now = Date.now()
    for (const [request, { startedAt, bytesAtStart, response }] of watched) {
      if (request.complete || request.destroyed) {
        watched.delete(request)
        continue
      }
      const overdueMs = now - startedAt - slowClientBounds.bodyGraceMs
      // A body the app has not read yet (its buffer full) is held up here, not by the client.
      const waitingForApp = request.readableLength >= request.readableHighWaterMark
      const arrived = request.socket.bytesRead - bytesAtStart
      if (overdueMs > 0 && !waitingForApp && arrived < (slowClientBounds.bodyBytesPerSecond * overdueMs) / 1000) {
        watched.delete(request)
        refuseSlowBody(request, response)
      }
    }
    if (watched.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
  return {
    watch(request: IncomingMessage, response: ServerResponse): void {
      const hasBody =
        request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0
      if (!hasBody || request.complete) return
      watched.set(request, { startedAt: Date.now(), bytesAtStart: request.socket.bytesRead, response })
      timer ??= setInterval(sweep, 1_000).unref()
    },
  }
}

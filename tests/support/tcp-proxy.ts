import { createServer, connect, type Server, type Socket } from 'node:net'
import { freePort } from './server.ts'

export type TcpProxy = {
  port: number
  /** Cuts every open connection and refuses new ones, as a database that went away. */
  cut: () => Promise<void>
  /** Accepts connections again on the same port. */
  restore: () => Promise<void>
  close: () => Promise<void>
}

/**
 * A TCP relay to `target` on a port of its own, so a test can take a database away from a server
 * (and give it back) without touching the database server that other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | undefined

  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(target.port, target.host)
        track(client)
        track(upstream)
        client.pipe(upstream)
        upstream.pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => {
        server = listening
        resolve()
      })
    })

  const cut = async () => {
    const current = server
    server = undefined
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve()
    for (const socket of sockets) socket.destroy()
    await closed
  }

  await listen()
  return { port, cut, restore: listen, close: cut }
}

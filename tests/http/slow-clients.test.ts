/**
 * Connections are a shared resource: a client that sends its headers or its body too slowly, or
 * opens more connections than a person needs, loses them instead of the server losing its
 * descriptors. The server here trusts no proxy, so it counts connections per client address itself.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'

let server: RunningServer
let port = 0
beforeAll(async () => {
  server = await startBuiltServer({ LOG_LEVEL: 'warn' })
  port = Number(new URL(server.url).port)
})
afterAll(async () => {
  await server.stop()
})

/** A raw connection from a loopback address of the test's choosing; resolves once connected. */
function open(localAddress = '127.0.0.1'): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress })
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)))
    socket.once('connect', () => {
      // Once connected, a reset by the server is how the test learns it closed the connection.
      socket.on('error', () => undefined)
      resolve({ socket, closed })
    })
    socket.once('error', reject)
  })
}

describe('a slow client', () => {
  it('loses a connection whose headers never end, whose body trickles (answered 408 first), or that sends nothing', async () => {
    const [headers, body, silent] = await Promise.all([open('127.0.0.5'), open('127.0.0.6'), open('127.0.0.7')])
    headers.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    body.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
    )
    const trickle = setInterval(() => body.socket.write(' '), 1000)
    try {
      // Each is cut by the server (its bounds: 10 s for headers, 1 kB/s for a body after 5 s),
      // long before Node's defaults (60 s and 300 s) would.
      await Promise.all([headers.closed, body.closed, silent.closed])
    } finally {
      clearInterval(trickle)
    }
    // The trickling body is told why before its connection closes (decision 0112).
    const answer = await body.closed
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer).toMatch(/connection: close/i)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'request_timeout',
    })
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  }, 25_000)
})

describe('connections per client address', () => {
  it('are at most 128 at once; the next is closed at once and others are still served', async () => {
    const held = await Promise.all(Array.from({ length: 128 }, () => open('127.0.0.2')))
    const extra = await open('127.0.0.2')
    expect(await extra.closed).toBe('')
    // Another address is served meanwhile; a slot freed is usable again.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    held[0]?.socket.destroy()
    await held[0]?.closed
    // The server learns of the close a moment after the client: the slot is free once it did.
    let answer = ''
    for (let attempt = 0; attempt < 50 && answer === ''; attempt += 1) {
      const again = await open('127.0.0.2')
      again.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
      answer = await again.closed
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    for (const connection of held) connection.socket.destroy()
  })
})

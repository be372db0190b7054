/**
 * A stop waits for answers in flight, not for connections that carry none: a kept-alive
 * connection between requests, or one that never sent a request, is closed at once.
 */
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'

let server: RunningServer | undefined
// A drain bound far beyond the test's timeout: only closing the idle connections lets it pass.
beforeEach(async () => {
  server = await startBuiltServer({ SERVER_SHUTDOWN_TIMEOUT: '600' })
})
afterEach(async () => {
  await server?.stop()
  server = undefined
})

/** One answered request on a kept-alive connection, which then idles; `closed` settles when it ends. */
function idleAfterOneAnswer(url: string): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}/api/health`, { agent: new Agent({ keepAlive: true }) }, (response) => {
      const closed = new Promise<void>((done) => {
        response.socket.once('close', () => {
          done()
        })
      })
      response.resume()
      response.on('end', () => {
        resolve({ closed })
      })
    })
    sent.on('error', reject)
    sent.end()
  })
}

it('closes idle connections at once on SIGTERM instead of waiting out the drain', async () => {
  const running = server
  if (!running) throw new Error('no server')
  const keptAlive = await idleAfterOneAnswer(running.url)
  const { port } = new URL(running.url)
  const silent = connect({ host: '127.0.0.1', port: Number(port) })
  const silentClosed = new Promise<void>((done) => silent.once('close', () => done()))
  await new Promise<void>((done) => silent.once('connect', () => done()))
  running.signal('SIGTERM')
  await Promise.all([keptAlive.closed, silentClosed])
  expect(await running.exited).toEqual({ code: 0, signal: null })
}, 30_000)

/**
 * Stopping the server the way an operator or a container runtime does (SIGTERM, or Ctrl+C's
 * SIGINT), through both entry points: the built server and `npm start`'s script.
 */
import { existsSync } from 'node:fs'
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runBuiltServerUntilExit, serverEntries, startBuiltServer, type RunningServer } from '#tests/support/server.ts'

const stopping = /"message":"stopping: no new connections/

let server: RunningServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

type SlowLogin = {
  /** Resolves once the server has read the request's headers (it answered 100 Continue). */
  started: Promise<void>
  /** Sends the rest of the body. */
  finish: () => void
  answer: Promise<Answer>
}

type Answer = { status: number; connection: string | undefined; body: string }

/**
 * A login whose body is sent in two parts: between them the request is in flight, as long as the
 * test wants. Its connection is kept alive, as browsers and HTTP clients do.
 */
function slowLogin(url: string): SlowLogin {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-passw0rd' })
  const sent: ClientRequest = request(`${url}/api/auth/login`, {
    method: 'POST',
    agent: new Agent({ keepAlive: true }),
    headers: { 'content-type': 'application/json', expect: '100-continue' },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    sent.on('response', (response: IncomingMessage) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString()))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
      )
      response.on('error', reject)
    })
    sent.on('error', reject)
  })
  const started = new Promise<void>((resolve) =>
    sent.on('continue', () => {
      sent.write(body.slice(0, 10))
      resolve()
    }),
  )
  sent.flushHeaders()
  return { started, finish: () => sent.end(body.slice(10)), answer }
}

describe.each([
  ['the built server', serverEntries.built],
  ['npm start (scripts/start.mjs)', serverEntries.npmStart],
])('%s on SIGTERM', (_name, entry) => {
  it('finishes the request in flight, then releases the database and exits 0', async () => {
    const running = (server = await startBuiltServer({ LOG_LEVEL: 'info' }, entry))
    const login = slowLogin(running.url)
    await login.started
    running.signal('SIGTERM')
    await running.waitForOutput(stopping)
    // A new connection is refused once the server stopped listening.
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow()
    login.finish()
    const answer = await login.answer
    expect(answer.status).toBe(401)
    // Closing the kept-alive connection lets the server stop now rather than after its idle timeout.
    expect(answer.connection).toBe('close')
    expect(JSON.parse(answer.body)).toMatchObject({ success: false })
    expect(await running.exited).toEqual({ code: 0, signal: null })
    // Once stopped nothing is left to keep the process alive (a timer would delay every stop).
    expect(running.output()).toMatch(/"message":"stopped"/)
    expect(running.output()).not.toContain('still held open')
    expect(running.output()).toMatch(/"path":"\/api\/auth\/login","status":401/)
    // The embedded database's lock is released only by closing it.
    expect(existsSync(path.join(running.dataDir, 'pglite.lock'))).toBe(false)
  }, 120_000)
})

describe('a second signal', () => {
  it('exits at once, without waiting for the request in flight', async () => {
    const running = (server = await startBuiltServer({ LOG_LEVEL: 'info' }))
    const login = slowLogin(running.url)
    const cut = login.answer.then(
      () => 'answered',
      () => 'cut',
    )
    await login.started
    running.signal('SIGTERM')
    await running.waitForOutput(stopping)
    // Past the window in which one Ctrl+C arrives twice (from the terminal and forwarded by npm).
    await new Promise((resolve) => setTimeout(resolve, 700))
    running.signal('SIGINT')
    expect(await running.exited).toEqual({ code: 130, signal: null })
    expect(await cut).toBe('cut')
    expect(running.output()).toContain('second signal: exiting at once')
  }, 120_000)
})

describe('a port already in use', () => {
  it('stops the server with exit 1 instead of leaving it running, serving nothing', async () => {
    const running = (server = await startBuiltServer())
    const second = await runBuiltServerUntilExit({ PORT: new URL(running.url).port, HOST: '127.0.0.1' }, 60_000)
    expect(second.timedOut).toBe(false)
    expect(second.code).toBe(1)
    expect(second.stdout).toContain('cannot listen: stopping')
  }, 120_000)
})

/**
 * A replica polled by a proxy's health checks hands over before it stops listening: on SIGTERM
 * its health answers 503, it still accepts and answers new connections until the poller was told,
 * then it closes and exits 0. Without that, the proxy sends requests to a closed port until its
 * next check, and a POST it cannot send elsewhere ends in 502 (decision 0103).
 */
import { request } from 'node:http'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'

let server: RunningServer | undefined
beforeEach(async () => {
  server = await startBuiltServer()
})
afterEach(async () => {
  await server?.stop()
  server = undefined
})

/** A GET on a connection of its own (no keep-alive pool), as a proxy opens one for a new request. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

it('answers its health 503 and keeps serving new connections until the polling proxy was told, then exits 0', async () => {
  const running = server
  if (!running) throw new Error('no server')
  // A proxy polls the health checks.
  for (let check = 0; check < 2; check += 1)
    expect((await getOnNewConnection(`${running.url}/api/health`)).status).toBe(200)
  running.signal('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 300))
  // A request the proxy still sends here before its next check is served, not refused.
  expect((await getOnNewConnection(`${running.url}/api/auth/plans`)).status).toBe(200)
  const check = await getOnNewConnection(`${running.url}/api/health`)
  expect(check.status).toBe(503)
  expect(JSON.parse(check.body)).toMatchObject({ success: false, code: 'service_unavailable' })
  // Told at that check: the listener closes soon after, not at the handover's 10 s limit.
  const told = Date.now()
  let refusedAfterMs: number | undefined
  while (refusedAfterMs === undefined) {
    const answer = await getOnNewConnection(`${running.url}/api/auth/plans`).catch((error: unknown) => error)
    if (answer instanceof Error) refusedAfterMs = Date.now() - told
    else expect(answer).toMatchObject({ status: 200 })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(refusedAfterMs).toBeLessThan(5_000)
  expect(await running.exited).toEqual({ code: 0, signal: null })
}, 60_000)

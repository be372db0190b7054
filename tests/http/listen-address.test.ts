/**
 * The built server, started as it is (`node .output/server/index.mjs`), listens on loopback
 * unless HOST says otherwise: the embedded defaults (development mailbox, sandbox checkout) are
 * for this machine only. The container sets HOST=0.0.0.0 itself.
 */
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { readFileSync } from 'node:fs'
import { afterEach, expect, it } from 'vitest'
import { startBuiltServer, type RunningServer } from '#tests/support/server.ts'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** This machine's addresses other than loopback: what another machine would connect to. */
const outwardAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry?.address ?? '')

it('without HOST, only loopback reaches it', async () => {
  const running = (server = await startBuiltServer({ HOST: undefined }))
  const port = Number(new URL(running.url).port)
  expect(await reachable('127.0.0.1', port)).toBe(true)
  expect(await reachable('::1', port)).toBe(false)
  for (const address of outwardAddresses()) expect(await reachable(address, port)).toBe(false)
})

it('the container and the compose file set HOST=0.0.0.0 explicitly', () => {
  expect(readFileSync('Dockerfile', 'utf8')).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m)
  expect(readFileSync('compose.yaml', 'utf8')).toMatch(/^\s+HOST: 0\.0\.0\.0$/m)
})

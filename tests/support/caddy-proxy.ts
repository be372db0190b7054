import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { freePort } from './server.ts'

export type RunningProxy = {
  url: string
  pid: number
  /** Resolves once the proxy sends requests to `upstream` (host:port) again, e.g. a restarted replica. */
  routesTo: (upstream: string) => Promise<void>
  output: () => string
  stop: () => Promise<void>
}

const upstreamsAnswer = z.array(z.object({ address: z.string(), num_requests: z.number() }))

/** The repository's own proxy configuration: the file compose deploys. */
const deployedCaddyfile = path.join(projectRoot, 'deploy/Caddyfile')

/**
 * Runs Debian's Caddy (`caddy` on the PATH) with deploy/Caddyfile on loopback ports in front of
 * `upstreams` (host:port each); waits until a request through it reaches a replica.
 */
export async function startCaddyProxy(upstreams: string[]): Promise<RunningProxy> {
  const [port, internalPort, adminPort] = [await freePort(), await freePort(), await freePort()]
  const home = await mkdtemp(path.join(tmpdir(), 'interview-helper-caddy-'))
  const url = `http://127.0.0.1:${port}`
  const adminUrl = `http://127.0.0.1:${adminPort}`
  const child = spawn('caddy', ['run', '--config', deployedCaddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      PUBLIC_URL: url,
      APP_UPSTREAMS: upstreams.join(' '),
      PROXY_INTERNAL_ADDRESS: `http://127.0.0.1:${internalPort}`,
      CADDY_ADMIN_ADDRESS: adminUrl.slice('http://'.length),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    await rm(home, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`caddy exited before serving:\n${output}`)
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`caddy did not serve within 30 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const routesTo = async (upstream: string) => {
    // The admin API lists each upstream with the requests it has in flight: some, under load,
    // once the active health check let it back in.
    for (;;) {
      const listed = upstreamsAnswer.parse(await (await fetch(`${adminUrl}/reverse_proxy/upstreams`)).json())
      if (listed.some((entry) => entry.address === upstream && entry.num_requests > 0)) return
      if (child.exitCode !== null) throw new Error(`caddy exited:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return { url, pid: child.pid ?? 0, output: () => output, routesTo, stop }
}

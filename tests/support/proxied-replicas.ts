import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from './databases.ts'
import { startCaddyProxy, type RunningProxy } from './caddy-proxy.ts'
import { startBuiltServer, type RunningServer } from './server.ts'

export type ProxiedReplicas = {
  database: TestDatabase & { url: string }
  proxy: RunningProxy
  /** The replicas as they run now: a restarted one replaces its predecessor at the same index. */
  replicas: RunningServer[]
  /** Starts replica `index` again on its port, with the same settings (after it stopped or was killed). */
  restart: (index: number) => Promise<RunningServer>
  /** Stops the proxy and every replica, and drops the database. */
  stop: () => Promise<void>
}

/**
 * The production shape on loopback: a fresh PostgreSQL database, `count` built replicas on it
 * (TRUST_PROXY=1, as compose runs them) and the repository's deploy/Caddyfile in front of them.
 */
export async function startProxiedReplicas(options: {
  count: number
  env: Record<string, string>
}): Promise<ProxiedReplicas> {
  const releases: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const release of releases.reverse()) await release()
  }
  try {
    const created = await createTestDatabase('postgres')
    releases.push(() => created.drop())
    if (!created.url) throw new Error('a PostgreSQL test database has a URL')
    const database = { ...created, url: created.url }
    // One data folder for all: the secrets a server generates when none is configured (the sandbox
    // checkout's) are the same on every replica, as configured ones are in production.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-replicas-'))
    releases.push(() => rm(dataDir, { recursive: true, force: true }))
    const settings = { ...options.env, DATABASE_URL: database.url, TRUST_PROXY: '1', DATA_DIR: dataDir }
    const start = async (port?: string) => {
      const server = await startBuiltServer(port === undefined ? settings : { ...settings, PORT: port })
      releases.push(() => server.stop())
      return server
    }
    const replicas = await Promise.all(Array.from({ length: options.count }, () => start()))
    const proxy = await startCaddyProxy(replicas.map((replica) => new URL(replica.url).host))
    releases.push(() => proxy.stop())
    const restart = async (index: number) => {
      const previous = replicas[index]
      if (!previous) throw new Error(`no replica ${index}`)
      const server = await start(new URL(previous.url).port)
      replicas[index] = server
      return server
    }
    return { database, proxy, replicas, restart, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

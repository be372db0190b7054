import { createTestDatabase, type TestDatabase } from './databases.ts'
import { startBuiltServer, type RunningServer } from './server.ts'
import type { suiteTeardown } from './suite-teardown.ts'

type Teardown = ReturnType<typeof suiteTeardown>

export type ServersOnPostgres = {
  database: TestDatabase & { url: string }
  /** The first of `servers`. */
  server: RunningServer
  servers: RunningServer[]
}

/**
 * A fresh PostgreSQL database and built servers on it, each with TRUST_PROXY=1 (tests pose as many
 * clients through X-Forwarded-For); `teardown` stops each server and drops the database.
 * `migrated: false` leaves the database empty, for the servers to migrate at start; `beforeStart`
 * writes what must be there before any server runs.
 */
export async function serveOnFreshPostgres(
  teardown: Teardown,
  options: {
    replicas?: number
    env?: Record<string, string>
    migrated?: boolean
    beforeStart?: (database: TestDatabase) => Promise<unknown>
  } = {},
): Promise<ServersOnPostgres> {
  const { replicas = 1, env = {}, migrated = true, beforeStart } = options
  const created = await createTestDatabase('postgres', { migrate: migrated })
  teardown.add(() => created.drop())
  if (!created.url) throw new Error('a PostgreSQL test database has a URL')
  const database = { ...created, url: created.url }
  await beforeStart?.(database)
  const servers = await Promise.all(
    Array.from({ length: replicas }, async () => {
      const server = await startBuiltServer({ DATABASE_URL: database.url, TRUST_PROXY: '1', ...env })
      teardown.add(() => server.stop())
      return server
    }),
  )
  const [server] = servers
  if (!server) throw new Error('serveOnFreshPostgres needs at least one replica')
  return { database, server, servers }
}

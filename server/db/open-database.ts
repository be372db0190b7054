import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.ts'
import { holdsDatabase, readTemplate } from './pglite-template.ts'
import type { Database } from './schema.ts'

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; statementTimeoutMs?: number }
  /**
   * `dataDir: null` keeps the database in memory (tests and benchmarks). A new database starts from
   * the migrated template in `templateDir` when one for the current migrations is there.
   */
  | { kind: 'pglite'; dataDir: string | null; templateDir?: string | undefined }

export type AppDatabase = {
  db: Kysely<Database>
  kind: DatabaseTarget['kind']
  close: () => Promise<void>
}

// int8 and numeric arrive as strings from pg; our int8 columns (positions, versions) stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/** How long a request waits for a connection before the database counts as unavailable. */
const connectTimeoutMs = 10_000

const ignoreReportedElsewhere = () => undefined

export function openDatabase(target: DatabaseTarget): AppDatabase {
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? 15000
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // While the server is unreachable a request fails within this bound (and answers 503) instead of hanging.
      connectionTimeoutMillis: connectTimeoutMs,
      // A stuck writer holds back pg_snapshot_xmin and so stalls every projector: keep transactions short.
      options: `-c statement_timeout=${statementTimeout} -c idle_in_transaction_session_timeout=${statementTimeout * 2}`,
    })
    // A connection can be closed under us (a server restart, a killed backend, a dropped database);
    // pg reports that as an 'error' event, and an event nobody listens to is an uncaught exception
    // that takes the process down. An idle connection's error reaches the pool, which replaces it.
    pool.on('error', (error) => {
      process.stderr.write(
        `${JSON.stringify({ level: 'warn', time: new Date().toISOString(), message: 'idle database connection closed', error: error.message })}\n`,
      )
    })
    // A checked-out connection has no pool listener: the query in flight, or the next one, fails
    // with the same error (answered 503) and the pool discards the connection on release.
    pool.on('connect', (client) => {
      client.on('error', ignoreReportedElsewhere)
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
  }
  const dataDir = target.dataDir
  let lock: DataFolderLock | undefined
  if (dataDir !== null) {
    mkdirSync(path.resolve(dataDir, 'pglite'), { recursive: true })
    lock = lockDataFolder(dataDir)
  }
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite: () => createPglite(dataDir, target.templateDir) }),
  })
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy()
      lock?.release()
    },
  }
}

async function createPglite(dataDir: string | null, templateDir: string | undefined): Promise<PGlite> {
  // Loaded only by a server on a PGlite data folder, never by one on PostgreSQL (decision 0070).
  const { PGlite } = await import('@electric-sql/pglite')
  const folder = dataDir === null ? undefined : path.resolve(dataDir, 'pglite')
  const template = folder !== undefined && holdsDatabase(folder) ? undefined : readTemplate(templateDir)
  const options = template ? { loadDataDir: template } : {}
  return folder === undefined ? PGlite.create(options) : PGlite.create(folder, options)
}

export function databaseTargetFromConfig(database: {
  url?: string | undefined
  dataDir: string
  pgliteTemplateDir: string
  poolSize: number
  statementTimeoutMs: number
}): DatabaseTarget {
  return database.url
    ? {
        kind: 'postgres',
        url: database.url,
        poolSize: database.poolSize,
        statementTimeoutMs: database.statementTimeoutMs,
      }
    : { kind: 'pglite', dataDir: database.dataDir, templateDir: database.pgliteTemplateDir }
}

import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { migrateToLatest } from '#migrations/migrate.ts'
import { openDatabase, type AppDatabase } from '#server/db/open-database.ts'
import { currentTestTemplateDir } from './pglite-template.ts'

/**
 * The PostgreSQL server tests may create databases on. CI sets TEST_DATABASE_URL; on a developer
 * machine the local server with trust auth is the default. Tests never skip without it: they fail
 * and say how to point them at a server.
 */
const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export type DatabaseKind = AppDatabase['kind']
export const databaseKinds: readonly DatabaseKind[] = ['pglite', 'postgres']

export type TestDatabase = AppDatabase & { url?: string; drop: () => Promise<void> }

/**
 * A migrated, empty database of the given kind (`migrate: false`: not even the schema);
 * `drop()` closes it and removes every trace.
 */
export async function createTestDatabase(kind: DatabaseKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const templateDir = migrate ? currentTestTemplateDir() : undefined
    const database = openDatabase({ kind: 'pglite', dataDir: null, templateDir })
    if (migrate) await migrateToLatest(database.db)
    return { ...database, drop: database.close }
  }
  const name = `ih_test_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(postgresAdminUrl)
  url.pathname = `/${name}`
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 12 })
  if (migrate) await migrateToLatest(database.db)
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      // The pool's connections close a moment after it ends; forcing the drop sooner would kill them
      // mid-goodbye and surface as errors. Wait for them, and force only as a last resort.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          await adminQuery(`drop database if exists ${name}`)
          return
        } catch (error) {
          if (!(error as Error).message.includes('being accessed by other users')) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

/** Runs one statement on the test server's admin database (create or drop a database). */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: postgresAdminUrl })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${postgresAdminUrl} (${(error as Error).message}). Start it, or set TEST_DATABASE_URL to a server where the tests may create databases.`,
      { cause: error },
    )
  }
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

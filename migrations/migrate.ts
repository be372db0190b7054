import { sql, type Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Logger } from '#server/logger.ts'
import { migrations } from './index.ts'

export class MigrationFailedError extends Error {
  constructor(migrationName: string, cause: unknown) {
    super(`Migration ${migrationName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'MigrationFailedError'
  }
}

/** The session-level advisory lock (two-key form, apart from the stream and projector locks) every migrating process holds. */
export const migrationLockKeys = ['interview-helper', 'migrations'] as const

/** kysely's Migrator over our statically listed migrations. */
export function migratorFor<Schema>(db: Kysely<Schema>): Migrator {
  // Parallel work can add a migration that sorts before one a developer's database already has.
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  })
}

/**
 * Brings the schema to the newest migration. Several processes may run it at once (replicas
 * starting together, a one-shot migrate beside them): each takes the migration lock on its own
 * connection, so one migrates and the others wait, then find nothing left to do.
 */
export async function migrateToLatest<Schema>(db: Kysely<Schema>, log?: Logger): Promise<string[]> {
  const [namespace, name] = migrationLockKeys
  const { error, results = [] } = await db.connection().execute(async (connection) => {
    // Waiting for the lock, and a migration that rewrites a big table, may take longer than the
    // statement timeout meant for requests (DB_STATEMENT_TIMEOUT_MS): none on this connection.
    await sql`set statement_timeout = 0`.execute(connection)
    await sql`select pg_advisory_lock(hashtext(${namespace}), hashtext(${name}))`.execute(connection)
    try {
      return await migratorFor(connection).migrateToLatest()
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${namespace}), hashtext(${name}))`.execute(connection)
      await sql`reset statement_timeout`.execute(connection)
    }
  })
  const failed = results.find((result) => result.status === 'Error')
  if (error || failed) throw new MigrationFailedError(failed?.migrationName ?? 'unknown', error)
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
  if (applied.length > 0) log?.info('migrations applied', { applied })
  return applied
}

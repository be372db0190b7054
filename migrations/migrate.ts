import type { Kysely } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { Logger } from '#server/logger.ts'
import { migrations } from './index.ts'

export class MigrationFailedError extends Error {
  constructor(migrationName: string, cause: unknown) {
    super(`Migration ${migrationName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'MigrationFailedError'
  }
}

/** Brings the schema to the newest migration; safe to run from several processes at once (kysely locks). */
export async function migrateToLatest<Schema>(db: Kysely<Schema>, log?: Logger): Promise<string[]> {
  // Parallel work can add a migration that sorts before one a developer's database already has.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((result) => result.status === 'Error')
  if (error || failed) throw new MigrationFailedError(failed?.migrationName ?? 'unknown', error)
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
  if (applied.length > 0) log?.info('migrations applied', { applied })
  return applied
}

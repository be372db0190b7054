import type { Kysely } from 'kysely'
import { migratorFor } from './migrate.ts'

/**
 * The migrations this build knows that the database has not applied, in order; reads only (no
 * table is created). Migrations the database has and this build does not know (a newer build
 * migrated it) are not counted: they are expected to be compatible with the older code.
 */
export async function pendingMigrations<Schema>(db: Kysely<Schema>): Promise<string[]> {
  const known = await migratorFor(db).getMigrations()
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name)
}

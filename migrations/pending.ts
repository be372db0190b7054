import { sql, type Kysely } from 'kysely'
import { migrations } from './index.ts'

/** Where kysely's Migrator records the migrations it ran (its default table). */
const migrationTable = 'kysely_migration'

/**
 * The migrations of this release the database has not run, in name order; all of them on a
 * database never migrated. Migrations the database has from a newer release are not pending.
 */
export async function pendingMigrations<Schema>(db: Kysely<Schema>): Promise<string[]> {
  const table = await sql<{ present: boolean }>`select to_regclass(${migrationTable}) is not null as present`.execute(
    db,
  )
  const applied = table.rows[0]?.present
    ? new Set(
        (await sql<{ name: string }>`select name from ${sql.table(migrationTable)}`.execute(db)).rows.map(
          (row) => row.name,
        ),
      )
    : new Set<string>()
  return Object.keys(migrations)
    .filter((name) => !applied.has(name))
    .sort()
}

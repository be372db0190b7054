import { sql } from 'kysely'
import type { Projection, ViewTable } from './projection.ts'

/**
 * A view's tables, declared once: what support copies and compares, and the full and per-person
 * clean-ups a rebuild needs, derived from the list. Every row of a view is about one person, named
 * in its `user_id` column.
 */
export function ownedTables(
  ...tables: [ViewTable, ...ViewTable[]]
): Required<Pick<Projection, 'tables' | 'truncate' | 'forgetUser'>> {
  return {
    tables,
    truncate: async (trx) => {
      await sql`truncate table ${sql.join(tables.map(({ table }) => sql.table(table)))}`.execute(trx)
    },
    forgetUser: async (trx, userId) => {
      for (const { table } of tables) await trx.deleteFrom(table).where('user_id', '=', userId).execute()
    },
  }
}

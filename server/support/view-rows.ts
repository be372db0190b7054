import { sql, type Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { ViewTable } from '#events/projections/projection.ts'

/** A cell as support reads it: JSON, with times as ISO strings, so two snapshots compare by value. */
type Cell = null | boolean | number | string | Cell[] | { [key: string]: Cell }
export type Row = Record<string, Cell>

type ColumnChange = { column: string; before: Cell; after: Cell }

export type RowChange =
  | { table: string; key: string; change: 'added'; after: Row }
  | { table: string; key: string; change: 'removed'; before: Row }
  | { table: string; key: string; change: 'changed'; columns: ColumnChange[] }

function cellOf(value: unknown): Cell {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (Array.isArray(value)) return value.map(cellOf)
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cellOf(v)]))
  return null
}

/** Every row of the given tables about one person, keyed by table and the row's own key. */
export async function rowsOfUser(
  trx: Transaction<EventsDatabase>,
  tables: readonly ViewTable[],
  userId: string,
): Promise<Map<string, Map<string, Row>>> {
  const snapshot = new Map<string, Map<string, Row>>()
  for (const { table, key } of tables) {
    const result = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where user_id = ${userId}`.execute(trx)
    const rows = new Map<string, Row>()
    for (const raw of result.rows) {
      const row = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, cellOf(value)]))
      const id = row[key] ?? null
      rows.set(typeof id === 'string' ? id : JSON.stringify(id), row)
    }
    snapshot.set(table, rows)
  }
  return snapshot
}

const same = (a: Cell, b: Cell) => JSON.stringify(a) === JSON.stringify(b)

/** Row by row, what turning `before` into `after` adds, removes and changes (column by column). */
export function diffRows(before: Map<string, Map<string, Row>>, after: Map<string, Map<string, Row>>): RowChange[] {
  const changes: RowChange[] = []
  const tables = new Set([...before.keys(), ...after.keys()])
  for (const table of [...tables].sort()) {
    const old = before.get(table) ?? new Map<string, Row>()
    const next = after.get(table) ?? new Map<string, Row>()
    const keys = [...new Set([...old.keys(), ...next.keys()])].sort()
    for (const key of keys) {
      const was = old.get(key)
      const is = next.get(key)
      if (!was && is) changes.push({ table, key, change: 'added', after: is })
      else if (was && !is) changes.push({ table, key, change: 'removed', before: was })
      else if (was && is) {
        const columns = [...new Set([...Object.keys(was), ...Object.keys(is)])]
          .sort()
          .filter((column) => !same(was[column] ?? null, is[column] ?? null))
          .map((column) => ({ column, before: was[column] ?? null, after: is[column] ?? null }))
        if (columns.length > 0) changes.push({ table, key, change: 'changed', columns })
      }
    }
  }
  return changes
}

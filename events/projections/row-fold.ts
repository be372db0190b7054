import type { Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { StoredEvent } from '#events/store/types.ts'

/** How a view folds events into its rows, one row per key. */
export type RowFold<Row> = {
  /** The row an event changes, if any. */
  keyOf: (event: StoredEvent) => string | undefined
  /** The stored rows of these keys. */
  load: (trx: Transaction<EventsDatabase>, keys: string[]) => Promise<Map<string, Row>>
  /** The row after the event; undefined when there is (still) no row. */
  evolve: (row: Row | undefined, event: StoredEvent) => Row | undefined
  /** Writes every changed row in one statement. */
  save: (trx: Transaction<EventsDatabase>, rows: Row[]) => Promise<void>
}

/** Applies a batch set-based: loads the rows it touches once, folds them in memory in log order, writes them back once. */
export async function foldIntoRows<Row>(
  trx: Transaction<EventsDatabase>,
  events: readonly StoredEvent[],
  fold: RowFold<Row>,
): Promise<void> {
  const keyed = events.flatMap((event) => {
    const key = fold.keyOf(event)
    return key === undefined ? [] : [{ key, event }]
  })
  if (keyed.length === 0) return
  const rows = await fold.load(trx, [...new Set(keyed.map(({ key }) => key))])
  const changed = new Set<string>()
  for (const { key, event } of keyed) {
    const row = fold.evolve(rows.get(key), event)
    if (row === undefined) continue
    rows.set(key, row)
    changed.add(key)
  }
  const written = [...changed].flatMap((key) => rows.get(key) ?? [])
  if (written.length > 0) await fold.save(trx, written)
}

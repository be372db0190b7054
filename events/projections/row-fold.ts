import type { Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { Projection } from './projection.ts'

type Trx = Transaction<EventsDatabase>

/**
 * How a view folds events into its rows, one row per key: the view's one definition. Applying one
 * event and applying a batch are both this fold (`foldedApply`).
 */
export type RowFold<Row, Context = undefined> = {
  /** The row an event changes, if any. */
  keyOf: (event: StoredEvent) => string | undefined
  /** The stored rows of these keys. */
  load: (trx: Trx, keys: string[]) => Promise<Map<string, Row>>
  /** What folding these events needs besides the rows (the people's keys to unseal with), read once per batch. */
  context: (trx: Trx, events: readonly StoredEvent[]) => Promise<Context>
  /** The row after the event; undefined when there is (still) no row. */
  evolve: (row: Row | undefined, event: StoredEvent, context: Context) => Row | undefined
  /** Writes every changed row in one statement. */
  save: (trx: Trx, rows: Row[]) => Promise<void>
}

/** For a fold that needs nothing but its rows. */
export const noContext = (): Promise<undefined> => Promise.resolve(undefined)

/** Applies a batch set-based: loads the rows it touches once, folds them in memory in log order, writes them back once. */
export async function foldIntoRows<Row, Context>(
  trx: Trx,
  events: readonly StoredEvent[],
  fold: RowFold<Row, Context>,
): Promise<void> {
  const keyed = events.flatMap((event) => {
    const key = fold.keyOf(event)
    return key === undefined ? [] : [{ key, event }]
  })
  if (keyed.length === 0) return
  const rows = await fold.load(trx, [...new Set(keyed.map(({ key }) => key))])
  const context = await fold.context(
    trx,
    keyed.map(({ event }) => event),
  )
  const changed = new Set<string>()
  for (const { key, event } of keyed) {
    const row = fold.evolve(rows.get(key), event, context)
    if (row === undefined) continue
    rows.set(key, row)
    changed.add(key)
  }
  const written = [...changed].flatMap((key) => rows.get(key) ?? [])
  if (written.length > 0) await fold.save(trx, written)
}

/**
 * A view's apply paths from its one batch apply: one event is a batch of one, so the runner's
 * event-by-event path (which finds the event a failing batch cannot apply) folds exactly as the batch does.
 */
export function foldedApply(
  applyBatch: (trx: Trx, events: readonly StoredEvent[]) => Promise<void>,
): Required<Pick<Projection, 'apply' | 'applyBatch'>> {
  return { apply: (trx, event) => applyBatch(trx, [event]), applyBatch }
}

/** The apply paths of a view that is one row fold. */
export function rowFoldApply<Row, Context>(
  fold: RowFold<Row, Context>,
): Required<Pick<Projection, 'apply' | 'applyBatch'>> {
  return foldedApply((trx, events) => foldIntoRows(trx, events, fold))
}

/**
 * Applies a batch in log order around the events `isBreak` picks (an erasure, which acts on every
 * row of a person rather than on one row): `fold` takes the events between them, `atBreak` each one.
 */
export async function foldAround(
  trx: Trx,
  events: readonly StoredEvent[],
  isBreak: (event: StoredEvent) => boolean,
  fold: (trx: Trx, events: readonly StoredEvent[]) => Promise<void>,
  atBreak: (trx: Trx, event: StoredEvent) => Promise<void>,
): Promise<void> {
  let from = 0
  for (const [index, event] of events.entries()) {
    if (!isBreak(event)) continue
    await fold(trx, events.slice(from, index))
    await atBreak(trx, event)
    from = index + 1
  }
  await fold(trx, events.slice(from))
}

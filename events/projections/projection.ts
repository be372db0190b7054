import type { Transaction } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { StoredEvent } from '#events/store/types.ts'
import type { LogRange, RangeApplied } from './log-range.ts'
import type { ViewTables } from './view-tables.ts'

/** A table a view owns, and the column that names one of its rows. */
export type ViewTable = { table: Exclude<keyof ViewTables, 'projection_failures'>; key: string }

/**
 * A named, versioned view built from events. Bumping `version` rebuilds it from the start of the
 * log at the next catch-up. `apply` must only touch the projection's own tables.
 */
export type Projection = {
  name: string
  version: number
  /** The event types it reads; other events only move its checkpoint. */
  eventTypes: readonly string[] | 'all'
  apply: (trx: Transaction<EventsDatabase>, event: StoredEvent) => Promise<void>
  /**
   * Applies a batch of its events, in log order, with a few set-based statements (fold in memory
   * per view row, then one multi-row write). It must leave exactly the rows `apply` leaves one event
   * at a time; the runner falls back to `apply` to find the event a failing batch cannot apply.
   */
  applyBatch?: (trx: Transaction<EventsDatabase>, events: readonly StoredEvent[]) => Promise<void>
  /**
   * Applies a range of the log inside the database (INSERT … SELECT over the events table, no
   * event leaves it), for a view SQL can fold; answers where the range ended. The same contract as
   * `applyBatch`: exactly the rows `apply` leaves; it is preferred to both in batches and per-person rebuilds.
   */
  applyRange?: (trx: Transaction<EventsDatabase>, range: LogRange) => Promise<RangeApplied>
  /**
   * The tables a view owns (a reactor owns none): support reads, copies and compares a view's rows
   * through them. `ownedTables` derives `truncate` and `forgetUser` from the same list.
   */
  tables?: readonly ViewTable[]
  /** Empties every table the projection owns (full rebuild). */
  truncate: (trx: Transaction<EventsDatabase>) => Promise<void>
  /**
   * Deletes the rows about one user so a per-user rebuild can replay that user's events.
   * Leave it out for views that aggregate across users: replaying one user into them would count twice.
   */
  forgetUser?: (trx: Transaction<EventsDatabase>, userId: string) => Promise<void>
}

export function handles(projection: Projection, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type)
}

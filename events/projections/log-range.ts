import { sql, type RawBuilder } from 'kysely'
import type { Checkpoint } from '#events/store/types.ts'

/**
 * A range of the log a projection applies inside the database: the events after `after`, up to
 * and including `upTo` (only one person's when `userId` is set), or the next `limit` committed
 * events when there is no `upTo` (a projector's batch, which then learns where it ended).
 */
export type LogRange = {
  after: Checkpoint
  upTo?: Checkpoint
  limit?: number
  userId?: string
  /** Types whose events in the range it counts (`wanted`), so the projector reads them only when there are any. */
  wanted?: readonly string[] | undefined
}

/** Where an applied range ended, how many events it held and how many of the wanted types; undefined when it held none. */
export type RangeApplied = { end: Checkpoint; count: number; wanted: number } | undefined

/**
 * The range's events in commit order, with these columns plus the position. The LIMIT also makes
 * PostgreSQL walk the commit-order index: it cannot estimate a range of row comparisons and would
 * scan the whole table.
 */
export function logRangeSql(range: LogRange, columns: RawBuilder<unknown>): RawBuilder<unknown> {
  const { after, upTo, limit, userId } = range
  return sql`select ${columns}, transaction_id, global_position from events
    where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      and ${
        upTo
          ? sql`(transaction_id, global_position) <= (${upTo.transactionId}::xid8, ${upTo.globalPosition}::bigint)`
          : sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`
      }
      ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
    ${limit === undefined ? sql`` : sql`order by transaction_id, global_position limit ${limit}`}`
}

export type RangeEndRow = {
  transaction_id: string | null
  global_position: number | string | null
  count: number | string
  wanted: number | string
}

/** An aggregate counting the range's events of the types the other projections want (all when none are named). */
export function wantedCountSql({ wanted }: LogRange): RawBuilder<number> {
  return wanted ? sql<number>`count(*) filter (where type = any(${[...wanted]}::text[]))` : sql<number>`count(*)`
}

/**
 * The end, size and wanted events of a range walked in parts, from `range_parts` in the statement:
 * each part's last event (`transaction_id`, `global_position`) and its `events` and `wanted` counts.
 */
export function rangeEndSql(): RawBuilder<RangeEndRow> {
  // Ordered by qualified columns: a bare name in ORDER BY means an output column first, and as
  // text (`transaction_id::text`) 999 sorts after 1000.
  return sql<RangeEndRow>`
    select last.transaction_id::text as transaction_id, last.global_position, totals.count, totals.wanted
    from (select coalesce(sum(events), 0) as count, coalesce(sum(wanted), 0) as wanted from range_parts) as totals
    left join lateral (
      select part.transaction_id, part.global_position from range_parts as part
      order by part.transaction_id desc, part.global_position desc limit 1
    ) as last on true`
}

export function rangeApplied(row: RangeEndRow | undefined): RangeApplied {
  if (!row?.transaction_id || row.global_position === null) return undefined
  return {
    end: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
    count: Number(row.count),
    wanted: Number(row.wanted),
  }
}

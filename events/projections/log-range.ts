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

type RangeEndRow = {
  transaction_id: string | null
  global_position: number | string | null
  count: number | string
  wanted: number | string
}

/**
 * The end, size and wanted events of a range materialised as `range` (with its `type`) in the
 * statement. The order names `range.`'s columns: a bare name in ORDER BY means the output column
 * first, and the transaction id written out as text sorts by its digits ('1000' before '999').
 */
export function rangeEndSql({ wanted }: LogRange): RawBuilder<RangeEndRow> {
  const wantedCount = wanted
    ? sql`(select count(*) from range where type = any(${[...wanted]}::text[]))`
    : sql`(select count(*) from range)`
  return sql<RangeEndRow>`
    select (select range.transaction_id::text from range order by range.transaction_id desc, range.global_position desc limit 1) as transaction_id,
      (select range.global_position from range order by range.transaction_id desc, range.global_position desc limit 1) as global_position,
      (select count(*) from range) as count, ${wantedCount} as wanted`
}

export function rangeApplied(row: RangeEndRow | undefined): RangeApplied {
  if (!row?.transaction_id || row.global_position === null) return undefined
  return {
    end: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
    count: Number(row.count),
    wanted: Number(row.wanted),
  }
}

import { sql, type RawBuilder } from 'kysely'
import type { Checkpoint } from '#events/store/types.ts'

/**
 * A range of the log a projection applies inside the database: the events after `after`, up to
 * and including `upTo` (only one person's when `userId` is set), or the next `limit` committed
 * events when there is no `upTo` (a projector's batch, which then learns where it ended).
 */
export type LogRange = { after: Checkpoint; upTo?: Checkpoint; limit?: number; userId?: string }

/** Where an applied range ended and how many events it held; undefined when it held none. */
export type RangeApplied = { end: Checkpoint; count: number } | undefined

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

/** The end and size of a range materialised as `range` in the statement. */
export const rangeEndSql = sql<{
  transaction_id: string | null
  global_position: number | string | null
  count: number | string
}>`
  select (select transaction_id::text from range order by transaction_id desc, global_position desc limit 1) as transaction_id,
    (select global_position from range order by transaction_id desc, global_position desc limit 1) as global_position,
    (select count(*) from range) as count`

export function rangeApplied(row: {
  transaction_id: string | null
  global_position: number | string | null
  count: number | string
}): RangeApplied {
  if (row.transaction_id === null || row.global_position === null) return undefined
  return {
    end: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
    count: Number(row.count),
  }
}

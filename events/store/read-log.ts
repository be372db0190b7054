import { sql, type Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from './event-definition.ts'
import { selectEvents, toLogEntry, toStoredEvent, type Executor, type LogEntry } from './event-rows.ts'
import type { Checkpoint } from './types.ts'

/** Reading the log across streams in commit order: what projectors, replays and support read. */
export function logReader({ db, registry }: { db: Kysely<EventsDatabase>; registry: EventRegistry }) {
  const after = (checkpoint: Checkpoint) =>
    sql<boolean>`(transaction_id, global_position) > (${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition}::bigint)`
  const upTo = (checkpoint: Checkpoint) =>
    sql<boolean>`(transaction_id, global_position) <= (${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition}::bigint)`

  /** A user's whole history in the order it happened, for support staff and per-user rebuilds. */
  async function readByUser(
    userId: string,
    options: { executor?: Executor; upTo?: Checkpoint; types?: readonly string[] | undefined } = {},
  ) {
    let query = selectEvents(options.executor ?? db).where('user_id', '=', userId)
    if (options.types) query = query.where(sql<boolean>`type = any(${[...options.types]}::text[])`)
    if (options.upTo) query = query.where(upTo(options.upTo))
    const rows = await query.orderBy('events.transaction_id').orderBy('events.global_position').execute()
    return rows.map((row) => toStoredEvent(registry, row))
  }

  /**
   * Reads the log after a checkpoint in commit-safe order: only events of transactions older than
   * every transaction still running, ordered by (transaction id, position). A reader that has
   * passed an event can never later find an earlier-ordered one commit behind it.
   */
  async function readAll(from: Checkpoint, limit: number, executor: Executor = db) {
    const rows = await selectEvents(executor)
      .where(after(from))
      .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(limit)
      .execute()
    return rows.map((row) => toStoredEvent(registry, row))
  }

  /**
   * Where a batch of the next `limit` events after a checkpoint ends, and how many it holds, read
   * from the commit-order index alone (no event is fetched): the same events `readAll` would give,
   * so a projector can read only the types it needs in that range, or apply it in SQL.
   */
  async function readBatchEnd(
    from: Checkpoint,
    limit: number,
    executor: Executor = db,
  ): Promise<{ end: Checkpoint; count: number } | undefined> {
    const committedAfter = sql`${after(from)} and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`
    // A full batch: its last event, found by skipping the others in the index (no sort, no count).
    // The order names the table's columns: bare, they would be the text output and sort by digits.
    const { rows: full } = await sql<{ transaction_id: string; global_position: number | string }>`
      select transaction_id::text as transaction_id, global_position from events where ${committedAfter}
      order by events.transaction_id, events.global_position offset ${limit - 1} limit 1
    `.execute(executor)
    const last = full[0]
    if (last)
      return { end: { transactionId: last.transaction_id, globalPosition: Number(last.global_position) }, count: limit }
    // The end of the log: fewer events than a batch are left.
    const { rows } = await sql<{ transaction_id: string; global_position: number | string; count: number | string }>`
      select transaction_id::text as transaction_id, global_position, count(*) over () as count
      from (select transaction_id, global_position from events where ${committedAfter}
        order by transaction_id, global_position limit ${limit}) as batch
      order by batch.transaction_id desc, batch.global_position desc limit 1
    `.execute(executor)
    const tail = rows[0]
    if (!tail) return undefined
    return {
      end: { transactionId: tail.transaction_id, globalPosition: Number(tail.global_position) },
      count: Number(tail.count),
    }
  }

  /** How many events lie in the range (after, upTo] of the log, only of these types and this person when given. */
  async function countRange(
    range: { after: Checkpoint; upTo: Checkpoint; types?: readonly string[] | undefined; userId?: string },
    executor: Executor = db,
  ): Promise<number> {
    const { types, userId } = range
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from events
      where ${after(range.after)} and ${upTo(range.upTo)}
        ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
        ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
    `.execute(executor)
    return Number(rows[0]?.count ?? 0)
  }

  /**
   * The events of the range (from, to] in commit order, only of these types (all when
   * `types` is undefined), each decoded only when asked. `to` comes from `readBatchEnd`, so the
   * range holds only committed events.
   */
  async function readRange(
    from: Checkpoint,
    to: Checkpoint,
    types: readonly string[] | undefined,
    executor: Executor = db,
    limit?: number,
  ): Promise<LogEntry[]> {
    if (types?.length === 0) return []
    let query = selectEvents(executor).where(after(from)).where(upTo(to))
    if (types) query = query.where(sql<boolean>`type = any(${[...types]}::text[])`)
    const ordered = query.orderBy('events.transaction_id').orderBy('events.global_position')
    const rows = await (limit === undefined ? ordered : ordered.limit(limit)).execute()
    return rows.map((row) => toLogEntry(registry, row))
  }

  return { readByUser, readAll, readBatchEnd, countRange, readRange }
}

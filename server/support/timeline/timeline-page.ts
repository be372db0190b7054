import { sql, type Kysely } from 'kysely'
import type { EventsDatabase } from '#events/database.ts'
import type { EventRegistry } from '#events/store/event-definition.ts'
import type { EventMetadata } from '#events/store/types.ts'
import { maskData } from './masking.ts'
import { cursorOf, positionOf, type TimelineFilters } from './timeline-filters.ts'

export const defaultPageSize = 100

function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-')
  return dash > 0 ? streamId.slice(0, dash) : streamId
}

/**
 * One page of a person's events in commit order, (transaction id, global position), the order
 * the projectors applied them. Keyset paging: each page starts after the previous page's last
 * event, so page 100 costs what page 1 does (index events_user_commit_order).
 */
export async function timelinePage(
  db: Kysely<EventsDatabase>,
  registry: EventRegistry,
  userId: string,
  filters: TimelineFilters,
  page: { after?: string | undefined; limit: number },
) {
  let query = db
    .selectFrom('events')
    .select([
      'event_id',
      'global_position',
      sql<string>`transaction_id::text`.as('transaction_id'),
      'stream_id',
      'stream_position',
      'type',
      'schema_version',
      'data',
      'metadata',
      'created_at',
    ])
    .where('user_id', '=', userId)
  if (page.after) {
    const after = positionOf(page.after)
    query = query.where(
      sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
    )
  }
  if (filters.types.length > 0) query = query.where('type', 'in', filters.types)
  if (filters.streams.length > 0) {
    const streams = filters.streams
    query = query.where((eb) =>
      eb.or(
        streams.flatMap((stream) => [eb('stream_id', '=', stream), eb('stream_id', 'like', `${escapeLike(stream)}-%`)]),
      ),
    )
  }
  if (filters.from) query = query.where('created_at', '>=', new Date(filters.from))
  if (filters.to) query = query.where('created_at', '<', new Date(filters.to))
  if (filters.correlationId) query = query.where(sql<boolean>`metadata->>'correlationId' = ${filters.correlationId}`)
  // Ordered by the qualified columns: the selected transaction id is text and would sort as text.
  const rows = await query
    .orderBy('events.transaction_id')
    .orderBy('events.global_position')
    .limit(page.limit + 1)
    .execute()
  const more = rows.length > page.limit
  const shown = more ? rows.slice(0, page.limit) : rows
  const events = shown.map((row) => {
    const metadata: EventMetadata = row.metadata
    const { data, masked } = maskData(registry.upcast(row.type, row.schema_version, row.data))
    return {
      eventId: row.event_id,
      cursor: cursorOf({ transactionId: row.transaction_id, globalPosition: row.global_position }),
      globalPosition: row.global_position,
      type: row.type,
      streamId: row.stream_id,
      streamType: streamTypeOf(row.stream_id),
      streamPosition: row.stream_position,
      createdAt: new Date(row.created_at).toISOString(),
      actor: { type: metadata.actor.type, id: metadata.actor.id ?? null },
      requestId: metadata.requestId ?? null,
      correlationId: metadata.correlationId ?? null,
      causationId: metadata.causationId ?? null,
      data,
      masked,
    }
  })
  return { events, nextCursor: more ? (events.at(-1)?.cursor ?? null) : null }
}

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&')
}

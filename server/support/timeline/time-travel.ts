import { sql, type Kysely, type Transaction } from 'kysely'
import { DomainError } from '#events/domain-error.ts'
import type { EventsDatabase } from '#events/database.ts'
import { ordersViewProjection } from '#events/projections/orders-view.ts'
import { handles, type Projection } from '#events/projections/projection.ts'
import { subscriptionsViewProjection } from '#events/projections/subscriptions-view.ts'
import { usagePeriodsProjection } from '#events/projections/usage-periods-view.ts'
import { interviewReviewProjection } from '#events/projections/interview-review-view.ts'
import type { EventStore } from '#events/store/event-store.ts'
import { personViews } from './person-views.ts'

/** The views time travel rebuilds; each shadows the tables it declares. */
const travelled: readonly Projection[] = [
  subscriptionsViewProjection,
  usagePeriodsProjection,
  ordersViewProjection,
  interviewReviewProjection,
]

class Discard extends Error {}

/**
 * The person's subscription, usage and orders as they stood right after one of their events,
 * folded from their events up to it by the projections' own `apply`, not read from the live
 * views. The fold runs in a transaction that shadows each view with an empty temporary table of
 * the same shape (temporary tables come first in PostgreSQL's search path) and is rolled back,
 * so it writes nothing and locks no live row, and it cannot drift from what the projectors do.
 */
export async function timeTravel(
  db: Kysely<EventsDatabase>,
  store: Pick<EventStore, 'readByUser'>,
  request: { userId: string; eventId: string },
) {
  const at = await db
    .selectFrom('events')
    .select([
      'event_id',
      'type',
      'created_at',
      'global_position',
      sql<string>`transaction_id::text`.as('transaction_id'),
    ])
    .where('event_id', '=', request.eventId)
    .where('user_id', '=', request.userId)
    .executeTakeFirst()
  if (!at) throw new DomainError('not-found', `There is no event ${request.eventId} in this person's history`)
  const upTo = { transactionId: at.transaction_id, globalPosition: at.global_position }
  const [events, neighbours] = await Promise.all([
    store.readByUser(request.userId, { upTo }),
    neighboursOf(db, request.userId, upTo),
  ])
  let views: Awaited<ReturnType<typeof personViews>> | undefined
  try {
    await db.transaction().execute(async (trx) => {
      for (const { table } of travelled.flatMap((projection) => projection.tables ?? []))
        await sql`create temporary table ${sql.id(table)} (like public.${sql.id(table)} including all) on commit drop`.execute(
          trx,
        )
      for (const event of events)
        for (const projection of travelled) if (handles(projection, event.type)) await projection.apply(trx, event)
      views = await personViews(trx, request.userId)
      throw new Discard()
    })
  } catch (error) {
    if (!(error instanceof Discard)) throw error
  }
  if (!views) throw new Error('Time travel folded no views')
  return {
    at: { eventId: at.event_id, type: at.type, createdAt: new Date(at.created_at).toISOString(), index: events.length },
    ...neighbours,
    ...views,
  }
}

/** The person's events just before and after, to step through their history. */
async function neighboursOf(
  db: Kysely<EventsDatabase> | Transaction<EventsDatabase>,
  userId: string,
  at: { transactionId: string; globalPosition: number },
) {
  const position = sql`(${at.transactionId}::xid8, ${at.globalPosition}::bigint)`
  const [previous, next] = await Promise.all([
    db
      .selectFrom('events')
      .select('event_id')
      .where('user_id', '=', userId)
      .where(sql<boolean>`(transaction_id, global_position) < ${position}`)
      .orderBy('events.transaction_id', 'desc')
      .orderBy('events.global_position', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('events')
      .select('event_id')
      .where('user_id', '=', userId)
      .where(sql<boolean>`(transaction_id, global_position) > ${position}`)
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(1)
      .executeTakeFirst(),
  ])
  return { previousEventId: previous?.event_id ?? null, nextEventId: next?.event_id ?? null }
}

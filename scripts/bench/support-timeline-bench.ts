import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { systemClock } from '#events/clock.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { readTimeline } from '#server/support/timeline/read-timeline.ts'
import { timelinePage } from '#server/support/timeline/timeline-page.ts'
import type { Database } from '#server/db/schema.ts'
import { createTestDatabase } from '#tests/support/databases.ts'
import type { Figure } from './event-store-bench.ts'
import { medianTimeMs } from './median-time.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const personEvents = 10_000
const otherEvents = 40_000
const batch = 1_000
const rounds = 50

/** The median time of `work` over `rounds` runs, in microseconds. */
const median = async (work: () => Promise<unknown>) => (await medianTimeMs(work, rounds)) * 1000

/**
 * The support timeline's first page (100 events) for a person with 10,000 events among 50,000, on
 * PostgreSQL: the page as the console asks for it (decoded and masked), the same with a filter
 * that matches rarely, and a page deep in the history, beside a bare keyset SELECT of the same rows.
 */
export async function benchSupportTimeline(): Promise<Figure[]> {
  const database = await createTestDatabase('postgres')
  try {
    const store = createEventStore<Database>({ db: database.db, registry: eventRegistry, clock: systemClock })
    const userId = randomUUID()
    const metadata = (about: string) => ({ actor: { type: 'user' as const, id: about }, userId: about })
    for (let written = 0; written < personEvents; written += batch) {
      const events = Array.from({ length: batch }, (_, index) => ({
        type: (written + index) % 97 === 0 ? 'SignedOutEverywhere' : 'EmailConfirmed',
        data: {},
      }))
      await appendEvents(store, `user-${userId}`, 'any', events, metadata(userId))
    }
    for (let written = 0; written < otherEvents; written += batch) {
      const other = randomUUID()
      const events = Array.from({ length: batch }, () => ({ type: 'EmailConfirmed', data: {} }))
      await appendEvents(store, `user-${other}`, 'any', events, metadata(other))
    }
    await sql`analyze events`.execute(database.db)
    const noFilters = { types: [], streams: [] }
    const deep = await database.db
      .selectFrom('events')
      .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where('user_id', '=', userId)
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .offset(personEvents - 150)
      .limit(1)
      .executeTakeFirstOrThrow()
    const deepCursor = `${deep.transaction_id}:${deep.global_position}`
    const baseline = await median(() =>
      database.db
        .selectFrom('events')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('transaction_id')
        .orderBy('global_position')
        .limit(101)
        .execute(),
    )
    const first = await median(() => timelinePage(database.db, eventRegistry, userId, noFilters, { limit: 100 }))
    const staff = { staffId: randomUUID(), via: 'cli' as const, requestId: 'bench' }
    const opened = await median(() =>
      readTimeline({ db: database.db, store }, staff, { userId, filters: noFilters, limit: 100 }),
    )
    const filtered = await median(() =>
      timelinePage(database.db, eventRegistry, userId, { types: ['SignedOutEverywhere'], streams: [] }, { limit: 100 }),
    )
    const late = await median(() =>
      timelinePage(database.db, eventRegistry, userId, noFilters, { after: deepCursor, limit: 100 }),
    )
    const note = `${personEvents.toLocaleString('en-US')}-event person among ${(personEvents + otherEvents).toLocaleString('en-US')} events, median of ${rounds}`
    return [
      { name: 'postgres: bare keyset SELECT, 100 rows (baseline)', value: baseline, unit: 'µs', note },
      { name: 'postgres: timeline first page, 100 events', value: first, unit: 'µs', note: 'decoded and masked' },
      {
        name: 'postgres: timeline opened (first page + recorded reading)',
        value: opened,
        unit: 'µs',
        note: 'what the console and CLI do',
      },
      { name: 'postgres: timeline first page, rare type filter', value: filtered, unit: 'µs', note: '104 matches' },
      { name: 'postgres: timeline page at event 9,850', value: late, unit: 'µs', note: 'keyset cursor' },
    ]
  } finally {
    await database.drop()
  }
}

import { randomUUID } from 'node:crypto'
import { systemClock } from '#events/clock.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '#tests/support/databases.ts'
import { counterIncremented, testRegistry } from '#tests/support/test-events.ts'
import type { Figure } from './event-store-bench.ts'

const seconds = 3

const counterEvents = [counterIncremented] as const

/** The smallest aggregate: a counter that counts its increments. */
const counterAggregate: Aggregate<number, typeof counterEvents, { type: 'Increment' }> = {
  events: counterEvents,
  streamId: (id) => `counter-${id}`,
  initialState: 0,
  evolve: (count) => count + 1,
  decide: () => [{ type: 'CounterIncremented', data: { by: 1 } }],
}
const counterCommands = commandHandler(counterAggregate)

/** The ceiling of a write: one-row INSERTs into the events table, each its own transaction. */
export async function rawInserts(db: TestDatabase['db'], writers: number) {
  const run = randomUUID()
  let done = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let position = 1; performance.now() < deadline; position += 1) {
        await db
          .insertInto('events')
          .values({
            stream_id: `raw-${run}-${writer}`,
            stream_position: position,
            type: 'CounterIncremented',
            schema_version: 1,
            event_id: randomUUID(),
            user_id: 'bench-user',
            data: JSON.stringify({ by: 1 }),
            metadata: JSON.stringify({ actor: { type: 'system' } }),
            created_at: new Date(),
          })
          .execute()
        done += 1
      }
    }),
  )
  return done / ((performance.now() - started) / 1000)
}

/**
 * Read-decide-append units of work through the one command handler: on a stream per writer (what
 * serialising costs when nobody competes) and with every writer on one stream (what it buys).
 */
export async function benchCommands(kinds: readonly DatabaseKind[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    const database = await createTestDatabase(kind)
    try {
      const store = createEventStore({ db: database.db, registry: testRegistry, clock: systemClock })
      const metadata = { actor: { type: 'system' as const }, userId: 'bench-user' }
      const run = async (writers: number, streamOf: (writer: number) => string) => {
        let done = 0
        let failed = 0
        const deadline = performance.now() + seconds * 1000
        const started = performance.now()
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            while (performance.now() < deadline) {
              try {
                await counterCommands.run(store, streamOf(writer), () => ({ command: { type: 'Increment' }, metadata }))
                done += 1
              } catch {
                failed += 1
              }
            }
          }),
        )
        const elapsed = (performance.now() - started) / 1000
        return { perSecond: done / elapsed, failed }
      }
      for (const writers of [1, 8]) {
        const prefix = randomUUID()
        const own = await run(writers, (writer) => `${prefix}-${writer}`)
        const raw = await rawInserts(database.db, writers)
        figures.push(
          {
            name: `${kind}: command, ${writers} writer(s), own streams`,
            value: own.perSecond,
            unit: 'cmd/s',
            note: `${Math.round((own.perSecond / raw) * 100)}% of raw INSERT`,
          },
          { name: `${kind}: raw one-row INSERT, ${writers} writer(s)`, value: raw, unit: 'rows/s' },
        )
      }
      const shared = randomUUID()
      const hot = await run(8, () => shared)
      figures.push({
        name: `${kind}: command, 8 writers, one stream`,
        value: hot.perSecond,
        unit: 'cmd/s',
        note: `${hot.failed} gave up on a conflict`,
      })
    } finally {
      await database.drop()
    }
  }
  return figures
}

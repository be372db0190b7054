import { randomUUID } from 'node:crypto'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { systemClock } from '#events/clock.ts'
import { counterProjection, createCounterTable } from '#tests/support/counter-projection.ts'
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '#tests/support/databases.ts'
import { testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'

export type Figure = { name: string; value: number; unit: string; note?: string }

const appendSeconds = 3
const catchUpEvents = 100_000

/** Runs `work` from `writers` concurrent loops until the time is up; answers operations per second. */
async function throughput(
  writers: number,
  seconds: number,
  work: (writer: number, iteration: number) => Promise<void>,
) {
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  let done = 0
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let iteration = 0; performance.now() < deadline; iteration += 1) {
        await work(writer, iteration)
        done += 1
      }
    }),
  )
  return done / ((performance.now() - started) / 1000)
}

async function appendFigures(database: TestDatabase, kind: DatabaseKind): Promise<Figure[]> {
  const store = createEventStore({ db: database.db, registry: testRegistry, clock: systemClock })
  const metadata = { actor: { type: 'system' as const }, userId: 'bench-user' }
  const figures: Figure[] = []
  for (const writers of [1, 8]) {
    const run = randomUUID()
    const viaStore = await throughput(writers, appendSeconds, async (writer, iteration) => {
      await appendEvents(
        store,
        `counter-${run}-${writer}`,
        iteration,
        [{ type: 'CounterIncremented', data: { by: 1 } }],
        metadata,
      )
    })
    const raw = await throughput(writers, appendSeconds, async (writer, iteration) => {
      await database.db
        .insertInto('events')
        .values({
          stream_id: `raw-${run}-${writer}`,
          stream_position: iteration + 1,
          type: 'CounterIncremented',
          schema_version: 1,
          event_id: randomUUID(),
          user_id: 'bench-user',
          data: JSON.stringify({ by: 1 }),
          metadata: JSON.stringify(metadata),
          created_at: new Date(),
        })
        .execute()
    })
    figures.push(
      {
        // A unit of work holding one append (begin, the write, commit): the one way to write (decision 0129).
        name: `${kind}: append in a unit of work, ${writers} writer(s)`,
        value: viaStore,
        unit: 'events/s',
        note: `${Math.round((viaStore / raw) * 100)}% of raw INSERT`,
      },
      { name: `${kind}: raw INSERT baseline, ${writers} writer(s)`, value: raw, unit: 'rows/s' },
    )
  }
  return figures
}

async function catchUpFigure(database: TestDatabase, kind: DatabaseKind): Promise<Figure> {
  await createCounterTable(database.db)
  const store = createEventStore({ db: database.db, registry: testRegistry, clock: systemClock })
  const perAppend = 1000
  for (let batch = 0; batch < catchUpEvents / perAppend; batch += 1) {
    const userId = `user-${batch % 50}`
    await appendEvents(
      store,
      `counter-catchup-${batch}`,
      'no_stream',
      Array.from({ length: perAppend }, (_, index) => ({ type: 'CounterIncremented', data: { by: index } })),
      { actor: { type: 'system' }, userId },
    )
  }
  const runner = new ProjectionRunner({
    db: database.db,
    registry: testRegistry,
    projections: [counterProjection(), userActivityProjection],
    batchSize: 1000,
  })
  const started = performance.now()
  const result = await runner.catchUp('test_counters')
  const seconds = (performance.now() - started) / 1000
  if (result.applied !== catchUpEvents) throw new Error(`catch-up applied ${result.applied} of ${catchUpEvents} events`)
  return {
    name: `${kind}: projector catch-up over ${catchUpEvents.toLocaleString('en-US')} events`,
    value: catchUpEvents / seconds,
    unit: 'events/s',
  }
}

export async function benchEventStore(kinds: readonly DatabaseKind[]): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const kind of kinds) {
    const database = await createTestDatabase(kind)
    try {
      figures.push(...(await appendFigures(database, kind)))
    } finally {
      await database.drop()
    }
    const fresh = await createTestDatabase(kind)
    try {
      figures.push(await catchUpFigure(fresh, kind))
    } finally {
      await fresh.drop()
    }
  }
  return figures
}

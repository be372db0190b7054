import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fixedClock } from '#events/clock.ts'
import type { EventsDatabase } from '#events/database.ts'
import { viewProjections } from '#events/projections/all-projections.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { ConcurrencyError } from '#events/store/types.ts'
import { createInProcessScheduler } from '#server/jobs/in-process-scheduler.ts'
import { eventsAppendedEvent, projectionJobs } from '#server/jobs/projection-jobs.ts'
import { createLogger } from '#server/logger.ts'
import { counterProjection, createCounterTable } from '#tests/support/counter-projection.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { countingDatabase } from '#tests/support/statement-counter.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { counterIncremented, systemActor, testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'

const counterEvents = [counterIncremented] as const

/** A counter whose state is the sum and the count; `key` names its snapshots. */
const counterAggregate = (key: string): Aggregate<{ sum: number; count: number }, typeof counterEvents, number> => ({
  events: counterEvents,
  streamId: (id) => `counter-${id}`,
  initialState: { sum: 0, count: 0 },
  evolve: (state, event) => ({ sum: state.sum + event.data.by, count: state.count + 1 }),
  decide: (by) => [{ type: 'CounterIncremented', data: { by } }],
  snapshot: { key, state: z.object({ sum: z.number(), count: z.number() }) },
})

describe.each(databaseKinds)('appends and snapshots on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-24T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: testRegistry, clock })
  })

  const increment = { type: 'CounterIncremented', data: { by: 1 } }

  it('lets exactly one of eight concurrent appends at one expected version win, alone or in units of work', async () => {
    const streamId = `counter-${randomUUID()}`
    await appendEvents(store, streamId, 'no_stream', [increment], systemActor)
    const alone = await Promise.allSettled(
      Array.from({ length: 8 }, () => appendEvents(store, streamId, 1, [increment], systemActor)),
    )
    expect(alone.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of alone)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError)

    const inUnits = await Promise.allSettled(
      Array.from({ length: 8 }, () => store.transaction((tx) => tx.append(streamId, 2, [increment], systemActor))),
    )
    expect(inUnits.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of inUnits)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError)
    expect(await store.streamVersion(streamId)).toBe(3)
    expect((await store.readStream(streamId)).map((event) => event.streamPosition)).toEqual([1, 2, 3])
  })

  it('decides on a snapshot plus the events after it, the same state as folding the whole stream', async () => {
    const id = randomUUID()
    const aggregate = counterAggregate('counter:v1')
    for (let by = 1; by <= 60; by += 1) {
      await store.transaction((tx) => commandHandler(aggregate).handle(tx, id, by, systemActor))
    }
    const snapshot = await database.db
      .selectFrom('aggregate_snapshots')
      .select(['version', 'state'])
      .where('stream_id', '=', `counter-${id}`)
      .executeTakeFirstOrThrow()
    expect(snapshot.version).toBeGreaterThanOrEqual(25)
    const loaded = await commandHandler(aggregate).load(store, id)
    expect(loaded.state).toEqual({ sum: 1830, count: 60 })
    expect(loaded.version).toBe(60)
    expect(loaded.events.length).toBeLessThan(60)
    const result = await store.transaction((tx) => commandHandler(aggregate).handle(tx, id, 100, systemActor))
    expect(result).toMatchObject({ before: { sum: 1830, count: 60 }, after: { sum: 1930, count: 61 }, version: 61 })
  })

  it('ignores the snapshots of another decider version', async () => {
    const id = randomUUID()
    for (let by = 1; by <= 30; by += 1) {
      await store.transaction((tx) => commandHandler(counterAggregate('counter:v1')).handle(tx, id, by, systemActor))
    }
    // A snapshot the old decider folded differently: the new key must not read it.
    await sql`update aggregate_snapshots set state = '{"sum": -1, "count": -1}'::jsonb
      where stream_id = ${`counter-${id}`}`.execute(database.db)
    const loaded = await commandHandler(counterAggregate('counter:v2')).load(store, id)
    expect(loaded.state).toEqual({ sum: 465, count: 30 })
    expect(loaded.version).toBe(30)
  })
})

describe('statements per appended event on postgres', () => {
  let database: TestDatabase
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    teardown.add(() => database.drop())
    await createCounterTable(database.db)
  })

  it('are at most five, projections included, for commands from eight writers', async () => {
    if (!database.url) throw new Error('a PostgreSQL test database has a URL')
    const counting = countingDatabase<EventsDatabase>(database.url)
    teardown.add(() => counting.close())
    const { db } = counting
    const runner = new ProjectionRunner({
      db,
      registry: testRegistry,
      projections: [...viewProjections, counterProjection()],
    })
    await runner.catchUpAll()
    const scheduler = createInProcessScheduler({
      pollMs: 60_000,
      jobs: projectionJobs(runner),
      log: createLogger('silent'),
    })
    const store = createEventStore({
      db,
      registry: testRegistry,
      clock: fixedClock('2026-11-24T10:00:00Z'),
      onAppended: () => scheduler.wake(eventsAppendedEvent),
    })
    const aggregate = counterAggregate('counter:v1')
    counting.reset()
    const writers = 8
    const commands = 25
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const id = randomUUID()
        for (let command = 0; command < commands; command += 1)
          await store.transaction((tx) => commandHandler(aggregate).handle(tx, id, 1, { ...systemActor, userId: id }))
      }),
    )
    await scheduler.settled()
    const appended = writers * commands
    const perEvent = counting.statements() / appended
    // The log is read below the oldest transaction open anywhere on the server, and other suites
    // share it: the check of the view catches up until it has seen every event (bounded: 30 s), as
    // the servers' views do.
    const eventsCounted = async () => {
      await runner.catchUpAll()
      const counted = await database.db
        .selectFrom('user_activity')
        .select((eb) => eb.fn.sum<number>('event_count').as('events'))
        .executeTakeFirstOrThrow()
      return counted.events
    }
    let events = await eventsCounted()
    for (let attempt = 0; attempt < 300 && events < appended; attempt += 1) {
      await sleep(100)
      events = await eventsCounted()
    }
    expect(events).toBe(appended)
    expect(perEvent).toBeLessThanOrEqual(5)
  })
})

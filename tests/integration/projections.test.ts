import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { ConcurrencyError } from '#events/store/types.ts'
import { fixedClock } from '#events/clock.ts'
import { counterProjection, createCounterTable, readCounters } from '#tests/support/counter-projection.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { systemActor, testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const increment = (by: number) => ({ type: 'CounterIncremented', data: { by } })

/** A small deterministic generator, so a failing workload can be replayed from its seed. */
function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

describe.each(databaseKinds)('projections on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  let runner: ProjectionRunner
  const clock = fixedClock('2026-11-21T10:00:00Z')

  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    await createCounterTable(database.db)
    store = createEventStore({ db: database.db, registry: testRegistry, clock })
    runner = new ProjectionRunner({
      db: database.db,
      registry: testRegistry,
      projections: [counterProjection(), userActivityProjection],
      batchSize: 50,
    })
  })
  beforeEach(async () => {
    await runner.catchUpAll()
  })

  const snapshot = async () => ({
    counters: await readCounters(database.db),
    activity: await database.db.selectFrom('user_activity').selectAll().orderBy('user_id').execute(),
  })

  it('applies each event once, however often it runs', async () => {
    const streamId = `counter-${randomUUID()}`
    await appendEvents(store, streamId, 'no_stream', [increment(2), increment(3)], systemActor)
    await logReadableToItsEnd(database.db)
    const first = await runner.catchUp('test_counters')
    expect(first.applied).toBe(2)
    expect((await runner.catchUp('test_counters')).applied).toBe(0)
    await Promise.all([runner.catchUp('test_counters'), runner.catchUp('test_counters'), runner.catchUpAll()])
    const row = (await readCounters(database.db)).find((counter) => counter.stream_id === streamId)
    expect(row).toMatchObject({ total: 5, increments: 2, applied_positions: '1,2' })
  })

  it('rebuilds to views identical to the live ones after a random workload', async () => {
    const random = seededRandom(20261121)
    const users = Array.from({ length: 6 }, () => randomUUID())
    const streams = Array.from({ length: 25 }, () => ({
      id: `counter-${randomUUID()}`,
      user: users[Math.floor(random() * users.length)],
    }))
    for (let round = 0; round < 30; round += 1) {
      const writers = Array.from({ length: 1 + Math.floor(random() * 4) }, async () => {
        const stream = streams[Math.floor(random() * streams.length)]
        if (!stream) return
        const metadata = { actor: { type: 'user' as const, id: stream.user }, userId: stream.user }
        const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          random() < 0.7
            ? increment(Math.floor(random() * 100))
            : { type: 'NoteAdded', data: { text: `note ${round}`, tags: [] } },
        )
        clock.advance(1000)
        const version = await store.streamVersion(stream.id)
        await appendEvents(store, stream.id, version, events, metadata).catch((error: unknown) => {
          if (!(error instanceof ConcurrencyError)) throw error
        })
      })
      await Promise.all(writers)
      if (random() < 0.5) await runner.catchUpAll()
    }
    await logReadableToItsEnd(database.db)
    await runner.catchUpAll()
    const live = await snapshot()
    expect(live.counters.length).toBeGreaterThan(10)

    await runner.rebuild('test_counters')
    await runner.rebuild('user_activity')
    expect(await snapshot()).toEqual(live)

    const someone = users[0] ?? ''
    const replayed = await runner.rebuildUser(someone)
    expect(replayed.map((result) => result.projection)).toEqual(['test_counters', 'user_activity'])
    expect(await snapshot()).toEqual(live)
  })

  it('rebuilds a projection whose version changed, at the next catch-up', async () => {
    const streamId = `counter-${randomUUID()}`
    await appendEvents(store, streamId, 'no_stream', [increment(4)], systemActor)
    await logReadableToItsEnd(database.db)
    await runner.catchUpAll()
    const before = await readCounters(database.db)
    const upgraded = new ProjectionRunner({
      db: database.db,
      registry: testRegistry,
      projections: [counterProjection(2)],
    })
    const result = await upgraded.catchUp('test_counters')
    expect(result.applied).toBeGreaterThan(1)
    expect(await readCounters(database.db)).toEqual(before)
    const [status] = await upgraded.status()
    expect(status).toMatchObject({ name: 'test_counters', version: 2, storedVersion: 2 })
    await runner.rebuild('test_counters')
  })
})

describe('projections on postgres with transactions that commit out of order', () => {
  let database: TestDatabase
  let store: EventStore
  let runner: ProjectionRunner

  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    teardown.add(() => database.drop())
    await createCounterTable(database.db)
    store = createEventStore({ db: database.db, registry: testRegistry, clock: fixedClock('2026-11-21T10:00:00Z') })
    runner = new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [counterProjection()] })
  })

  it('applies both events exactly once when the earlier transaction commits last', async () => {
    let releaseA: () => void = () => undefined
    const aMayCommit = new Promise<void>((resolve) => {
      releaseA = resolve
    })
    let aAppended: () => void = () => undefined
    const aHasAppended = new Promise<void>((resolve) => {
      aAppended = resolve
    })

    const transactionA = store.transaction(async (tx) => {
      await tx.append('counter-a', 'no_stream', [increment(1)], systemActor)
      // A read of the stream writes the unit's held append now (decision 0117): A writes first and commits last.
      await tx.readStream('counter-a')
      aAppended()
      await aMayCommit
    })
    await aHasAppended
    await appendEvents(store, 'counter-b', 'no_stream', [increment(10)], systemActor)

    const whileAOpen = await runner.catchUp('test_counters')
    expect(whileAOpen.applied).toBe(0)
    expect(await readCounters(database.db)).toEqual([])

    releaseA()
    await transactionA
    await logReadableToItsEnd(database.db)
    const afterA = await runner.catchUp('test_counters')
    expect(afterA.applied).toBe(2)
    expect((await runner.catchUp('test_counters')).applied).toBe(0)

    const counters = await readCounters(database.db)
    expect(counters.map((counter) => [counter.stream_id, counter.total, counter.applied_positions])).toEqual([
      ['counter-a', 1, '1'],
      ['counter-b', 10, '1'],
    ])
    // A plain position cursor would have passed A's earlier position while A was open.
    const [a, b] = [...(await store.readStream('counter-a')), ...(await store.readStream('counter-b'))]
    expect(a && b && a.globalPosition < b.globalPosition).toBe(true)
  })
})

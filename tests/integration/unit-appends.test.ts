/**
 * A unit of work writes its appends together (decision 0117): held until the unit commits, or
 * until something reads a stream they go to, then written in one statement for every stream,
 * each with its own version check and metadata. Reads inside the unit still see them.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { createEventStore, type AppendedNotice, type EventStore } from '#events/store/event-store.ts'
import { ConcurrencyError } from '#events/store/types.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { countingDatabase } from '#tests/support/statement-counter.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { systemActor, testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import type { EventsDatabase } from '#events/database.ts'

const clock = fixedClock('2026-11-28T10:00:00Z')
const increment = (by: number) => ({ type: 'CounterIncremented', data: { by } })
const newStream = () => `counter-${randomUUID()}`
const keyed = (idempotencyKey: string) => ({ ...systemActor, idempotencyKey })

describe.each(databaseKinds)("a unit of work's appends on %s", (kind) => {
  let database: TestDatabase
  let store: EventStore
  const notices: AppendedNotice[] = []
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({
      db: database.db,
      registry: testRegistry,
      clock,
      onAppended: (notice) => notices.push(notice),
    })
  })

  it('writes every stream in the order appended, each event with its own append’s metadata, in one notice', async () => {
    const [read, blind, twice] = [newStream(), newStream(), newStream()]
    await appendEvents(store, read, 'no_stream', [increment(1)], systemActor)
    notices.length = 0
    const answers = await store.transaction(async (tx) => {
      await tx.readAhead({ streams: [read, twice].map((streamId) => ({ streamId, snapshotKey: undefined })) })
      return [
        await tx.append(read, 1, [increment(2)], keyed('a')),
        await tx.append(blind, 'no_stream', [increment(3), increment(4)], keyed('b')),
        await tx.append(twice, 'no_stream', [increment(5)], keyed('c')),
        await tx.append(twice, 1, [increment(6)], keyed('d')),
      ].map((answer) => answer.nextVersion)
    })
    expect(answers).toEqual([2, 2, 1, 2])
    const written = (await Promise.all([read, blind, twice].map((streamId) => store.readStream(streamId))))
      .flat()
      .filter((event) => event.data.by !== 1)
      .sort((a, b) => a.globalPosition - b.globalPosition)
    expect(written.map((event) => [event.data.by, event.streamPosition, event.metadata.idempotencyKey])).toEqual([
      [2, 2, 'a'],
      [3, 1, 'b'],
      [4, 2, 'b'],
      [5, 1, 'c'],
      [6, 2, 'd'],
    ])
    expect(notices).toEqual([
      { streamIds: [read, blind, twice], globalPositions: written.map((event) => event.globalPosition) },
    ])
  })

  it('writes what it holds before a read of its streams, through the unit or through its db', async () => {
    const streamId = newStream()
    const seen = await store.transaction(async (tx) => {
      await tx.append(streamId, 'no_stream', [increment(1)], systemActor)
      const throughDb = (await store.loadStream(streamId, { executor: tx.db })).events.length
      await tx.append(streamId, 1, [increment(2)], systemActor)
      const throughUnit = (await tx.readStream(streamId)).length
      await tx.append(streamId, 2, [increment(3)], systemActor)
      return [throughDb, throughUnit, await store.streamVersion(streamId, tx.db)]
    })
    expect(seen).toEqual([1, 2, 3])
  })

  it('refuses a stale version as it is appended on a stream it read, and at commit on one it did not, writing nothing', async () => {
    const [read, blind] = [newStream(), newStream()]
    for (const streamId of [read, blind]) await appendEvents(store, streamId, 'no_stream', [increment(1)], systemActor)
    let after = 'not reached'
    const onRead = await store
      .transaction(async (tx) => {
        await tx.readAhead({ streams: [{ streamId: read, snapshotKey: undefined }] })
        await tx.append(read, 2, [increment(2)], systemActor)
        after = 'reached'
      })
      .catch((caught: unknown) => caught)
    expect(onRead).toBeInstanceOf(ConcurrencyError)
    expect(onRead).toMatchObject({ streamId: read, expected: 2, actual: 1 })
    expect(after).toBe('not reached')
    const onBlind = await store
      .transaction(async (tx) => {
        await tx.append(read, 'stream_exists', [increment(2)], systemActor)
        await tx.append(blind, 'no_stream', [increment(2)], systemActor)
      })
      .catch((caught: unknown) => caught)
    expect(onBlind).toMatchObject({ name: 'ConcurrencyError', streamId: blind, expected: 'no_stream', actual: 1 })
    for (const streamId of [read, blind]) expect(await store.streamVersion(streamId)).toBe(1)
  })
})

describe('the statements of a unit of work on postgres', () => {
  let counting: ReturnType<typeof countingDatabase<EventsDatabase>>
  let store: EventStore
  const teardown = suiteTeardown()
  beforeAll(async () => {
    const database = await createTestDatabase('postgres')
    teardown.add(() => database.drop())
    if (!database.url) throw new Error('a PostgreSQL test database has a URL')
    counting = countingDatabase<EventsDatabase>(database.url, 2)
    teardown.add(() => counting.close())
    store = createEventStore({ db: counting.db, registry: testRegistry, clock })
  })

  it('reads ahead once and writes three streams in one statement: four in all', async () => {
    const streams = [newStream(), newStream(), newStream()]
    const { statements } = await counting.counted(() =>
      store.transaction(async (tx) => {
        await tx.readAhead({ streams: streams.map((streamId) => ({ streamId, snapshotKey: undefined })) })
        for (const streamId of streams) await tx.append(streamId, 'no_stream', [increment(1)], systemActor)
      }),
    )
    // begin, the read ahead, the write, commit
    expect(statements).toBe(4)
  })
})

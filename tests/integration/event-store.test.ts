import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEventStore, type AppendedNotice, type EventStore } from '#events/store/event-store.ts'
import { ConcurrencyError, EventValidationError, startOfLog } from '#events/store/types.ts'
import { fixedClock } from '#events/clock.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { systemActor, testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const keyed = (idempotencyKey: string) => ({ ...systemActor, idempotencyKey })
const increment = (by: number, eventId?: string) => ({
  type: 'CounterIncremented',
  data: { by },
  ...(eventId ? { eventId } : {}),
})

describe.each(databaseKinds)('event store on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const notices: AppendedNotice[] = []
  const clock = fixedClock('2026-11-21T10:00:00Z')

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

  const newStream = () => `counter-${randomUUID()}`
  const countEvents = async (streamId: string) =>
    Number(
      (
        await database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('stream_id', '=', streamId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('appends to a new stream and reads it back in order with metadata', async () => {
    const streamId = newStream()
    const metadata = { actor: { type: 'user' as const, id: 'u1' }, userId: 'u1', correlationId: 'c1', requestId: 'r1' }
    const result = await appendEvents(store, streamId, 'no_stream', [increment(1), increment(2)], metadata)
    expect(result.nextVersion).toBe(2)
    expect(result.alreadyAppended).toBe(false)

    const events = await store.readStream(streamId)
    expect(events[1]?.globalPosition).toBeGreaterThan(events[0]?.globalPosition ?? Infinity)
    expect(events.map((event) => [event.type, event.data.by, event.streamPosition])).toEqual([
      ['CounterIncremented', 1, 1],
      ['CounterIncremented', 2, 2],
    ])
    expect(events[0]?.metadata).toEqual(metadata)
    expect(events[0]?.createdAt.toISOString()).toBe('2026-11-21T10:00:00.000Z')
    expect(events[0]?.schemaVersion).toBe(1)
    expect(await store.streamVersion(streamId)).toBe(2)
  })

  it('honours an exact expected version and rejects a stale one with a typed error, writing nothing', async () => {
    const streamId = newStream()
    await appendEvents(store, streamId, 'no_stream', [increment(1)], systemActor)
    await appendEvents(store, streamId, 1, [increment(1)], systemActor)
    const error = await appendEvents(store, streamId, 1, [increment(5), increment(6)], systemActor).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ConcurrencyError)
    expect(error).toMatchObject({ streamId, expected: 1, actual: 2 })
    expect(await countEvents(streamId)).toBe(2)
  })

  it('honours no_stream, stream_exists and any', async () => {
    const streamId = newStream()
    await expect(appendEvents(store, streamId, 'stream_exists', [increment(1)], systemActor)).rejects.toBeInstanceOf(
      ConcurrencyError,
    )
    await expect(appendEvents(store, streamId, 3, [increment(1)], systemActor)).rejects.toBeInstanceOf(ConcurrencyError)
    await appendEvents(store, streamId, 'no_stream', [increment(1)], systemActor)
    await expect(appendEvents(store, streamId, 'no_stream', [increment(1)], systemActor)).rejects.toMatchObject({
      actual: 1,
    })
    await expect(appendEvents(store, streamId, 0, [increment(1)], systemActor)).rejects.toBeInstanceOf(ConcurrencyError)
    expect((await appendEvents(store, streamId, 'stream_exists', [increment(1)], systemActor)).nextVersion).toBe(2)
    expect((await appendEvents(store, streamId, 'any', [increment(1)], systemActor)).nextVersion).toBe(3)
    expect((await appendEvents(store, newStream(), 'any', [increment(1)], systemActor)).nextVersion).toBe(1)
  })

  it('is idempotent on event ids: a retried append answers the first result and writes nothing', async () => {
    const streamId = newStream()
    const ids = [randomUUID(), randomUUID()]
    const first = await appendEvents(
      store,
      streamId,
      'no_stream',
      [increment(1, ids[0]), increment(2, ids[1])],
      systemActor,
    )
    const noticesBefore = notices.length
    const retry = await appendEvents(
      store,
      streamId,
      'no_stream',
      [increment(1, ids[0]), increment(2, ids[1])],
      systemActor,
    )
    expect(retry).toEqual({ ...first, alreadyAppended: true })
    expect(await countEvents(streamId)).toBe(2)
    expect(notices.length).toBe(noticesBefore)

    await expect(
      appendEvents(store, streamId, 2, [increment(1, ids[0]), increment(9, randomUUID())], systemActor),
    ).rejects.toBeInstanceOf(EventValidationError)
    await expect(appendEvents(store, newStream(), 'any', [increment(1, ids[0])], systemActor)).rejects.toThrow(
      /another stream/,
    )
    expect(await countEvents(streamId)).toBe(2)
  })

  it('lets exactly one of two writers at the same expected version win, with nothing half-written', async () => {
    for (let round = 0; round < 5; round += 1) {
      const streamId = newStream()
      await appendEvents(store, streamId, 'no_stream', [increment(1)], systemActor)
      const attempts = await Promise.allSettled([
        appendEvents(store, streamId, 1, [increment(10), increment(11), increment(12)], systemActor),
        appendEvents(store, streamId, 1, [increment(20), increment(21), increment(22)], systemActor),
      ])
      const won = attempts.filter((attempt) => attempt.status === 'fulfilled')
      const lost = attempts.filter((attempt) => attempt.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost).toHaveLength(1)
      expect(lost[0]?.status === 'rejected' && lost[0].reason).toBeInstanceOf(ConcurrencyError)
      const events = await store.readStream(streamId)
      const values = events.map((event) => event.data.by)
      expect([
        [1, 10, 11, 12],
        [1, 20, 21, 22],
      ]).toContainEqual(values)
      expect(await store.streamVersion(streamId)).toBe(4)
    }
  })

  it('serialises concurrent appends with "any" without losing one', async () => {
    const streamId = newStream()
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => appendEvents(store, streamId, 'any', [increment(index)], systemActor)),
    )
    const events = await store.readStream(streamId)
    expect(events.map((event) => event.streamPosition)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(events.map((event) => event.data.by).sort((a, b) => Number(a) - Number(b))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
  })

  it('rejects bad events before writing anything', async () => {
    const streamId = newStream()
    await expect(
      appendEvents(store, streamId, 'any', [{ type: 'CounterIncremented', data: { by: 'two' } }], systemActor),
    ).rejects.toThrow(/Invalid CounterIncremented event: by:/)
    await expect(appendEvents(store, streamId, 'any', [{ type: 'Nope', data: {} }], systemActor)).rejects.toThrow(
      /Unknown event type Nope/,
    )
    await expect(appendEvents(store, streamId, 'any', [], systemActor)).rejects.toThrow(/empty/)
    await expect(
      appendEvents(store, streamId, 'any', [increment(1)], { actor: { type: 'martian' } } as never),
    ).rejects.toThrow()
    expect(await countEvents(streamId)).toBe(0)
    expect(await store.streamVersion(streamId)).toBe(0)
  })

  it('upcasts events stored at an older schema version when reading', async () => {
    const streamId = `note-${randomUUID()}`
    await sql`insert into streams (stream_id, stream_type, version, updated_at) values (${streamId}, 'note', 1, now())`.execute(
      database.db,
    )
    await sql`insert into events (stream_id, stream_position, type, schema_version, event_id, data, metadata)
      values (${streamId}, 1, 'NoteAdded', 1, ${randomUUID()}, ${JSON.stringify({ text: 'old' })}::jsonb, ${JSON.stringify(systemActor)}::jsonb)`.execute(
      database.db,
    )
    await appendEvents(store, streamId, 1, [{ type: 'NoteAdded', data: { text: 'new', tags: ['x'] } }], systemActor)
    const events = await store.readStream(streamId)
    expect(events.map((event) => [event.schemaVersion, event.data])).toEqual([
      [1, { text: 'old', tags: [] }],
      [2, { text: 'new', tags: ['x'] }],
    ])
  })

  it('commits a unit of work whole or not at all, and notifies only after commit', async () => {
    const first = newStream()
    const second = newStream()
    const noticesBefore = notices.length
    await expect(
      store.transaction(async (tx) => {
        await tx.append(first, 'no_stream', [increment(1)], systemActor)
        await tx.append(second, 'no_stream', [increment(1)], systemActor)
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await countEvents(first)).toBe(0)
    expect(await store.streamVersion(first)).toBe(0)
    expect(notices.length).toBe(noticesBefore)

    await store.transaction(async (tx) => {
      await tx.append(first, 'no_stream', [increment(1)], systemActor)
      await tx.append(second, 'no_stream', [increment(1)], systemActor)
    })
    expect(notices.slice(noticesBefore).map((notice) => notice.streamIds)).toEqual([[first, second]])
  })

  // A unit of work holds its appends and writes them together, in one statement, when it commits
  // or before something reads a stream they go to (decision 0117).
  it('writes every stream in the order appended, each event with its own append’s metadata, in one notice', async () => {
    const [read, blind, twice] = [newStream(), newStream(), newStream()]
    await appendEvents(store, read, 'no_stream', [increment(1)], systemActor)
    const noticesBefore = notices.length
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
    expect(notices.slice(noticesBefore)).toEqual([
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

  it("writes what it holds before a read of a person's history through its db", async () => {
    const userId = randomUUID()
    const metadata = { actor: { type: 'user' as const, id: userId }, userId }
    const seen = await store.transaction(async (tx) => {
      await tx.append(newStream(), 'no_stream', [increment(1)], metadata)
      await tx.append(
        `note-${randomUUID()}`,
        'no_stream',
        [{ type: 'NoteAdded', data: { text: 'hi', tags: [] } }],
        metadata,
      )
      return (await store.readByUser(userId, { executor: tx.db })).map((event) => event.type)
    })
    expect(seen).toEqual(['CounterIncremented', 'NoteAdded'])
  })

  it('lets reads started together each see what the unit held', async () => {
    const streamId = newStream()
    const seen = await store.transaction(async (tx) => {
      await tx.append(streamId, 'no_stream', [increment(1)], systemActor)
      const reads = await Promise.all([
        tx.readStream(streamId),
        store.readStream(streamId, { executor: tx.db }),
        store.streamVersion(streamId, tx.db),
      ])
      return [reads[0].length, reads[1].length, reads[2]]
    })
    expect(seen).toEqual([1, 1, 1])
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

  it('writes held appends of any mix of checks, each write with only the checks it holds', async () => {
    const [created, upserted, moved] = [newStream(), newStream(), newStream()]
    await appendEvents(store, moved, 'no_stream', [increment(1)], systemActor)
    const noticesBefore = notices.length
    const answers = await store.transaction(async (tx) => [
      // `any` on a stream the unit does not know writes at once: a new stream and `any` in one write.
      await tx.append(created, 'no_stream', [increment(2)], systemActor),
      await tx.append(upserted, 'any', [increment(3)], systemActor),
      // Held until the commit, then written alone: an expected version only.
      await tx.append(moved, 1, [increment(4)], systemActor),
    ])
    expect(answers.map((answer) => answer.nextVersion)).toEqual([1, 1, 2])
    const versions = await Promise.all([created, upserted, moved].map((streamId) => store.streamVersion(streamId)))
    expect(versions).toEqual([1, 1, 2])
    const written = (await Promise.all([created, upserted, moved].map((streamId) => store.readStream(streamId))))
      .flat()
      .filter((event) => event.data.by !== 1)
      .sort((a, b) => a.globalPosition - b.globalPosition)
    expect(written.map((event) => event.data.by)).toEqual([2, 3, 4])
    expect(notices.slice(noticesBefore)).toEqual([
      { streamIds: [created, upserted, moved], globalPositions: written.map((event) => event.globalPosition) },
    ])
    const stale = await store
      .transaction((tx) => tx.append(moved, 1, [increment(5)], systemActor))
      .catch((caught: unknown) => caught)
    expect(stale).toMatchObject({ name: 'ConcurrencyError', streamId: moved, expected: 1, actual: 2 })
    expect(await countEvents(moved)).toBe(2)
  })

  it('reads the whole log after a checkpoint in commit order, page by page', async () => {
    const streamId = newStream()
    await appendEvents(store, streamId, 'no_stream', [increment(1), increment(2), increment(3)], systemActor)
    await logReadableToItsEnd(database.db)
    const everything = []
    let checkpoint = startOfLog
    for (;;) {
      const page = await store.readAll(checkpoint, 7)
      everything.push(...page)
      const last = page.at(-1)
      if (!last) break
      checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition }
    }
    const total = Number(
      (
        await database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(everything).toHaveLength(total)
    expect(new Set(everything.map((event) => event.eventId)).size).toBe(total)
    const order = everything.map((event) => [BigInt(event.transactionId), event.globalPosition] as const)
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1))
    expect(order).toEqual(sorted)
    expect(everything.filter((event) => event.streamId === streamId).map((event) => event.data.by)).toEqual([1, 2, 3])
  })

  it('reads events on both sides of a digit-length change of transaction id in commit order, none skipped', async () => {
    // Transaction ids gain a digit as a database ages (99,999 → 100,000 …); a reader that ordered them
    // as text would put '100001' before '99999' and skip or repeat events across a page boundary.
    const { rows } = await sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(
      database.db,
    )
    const xmin = BigInt(rows[0]?.xmin ?? '0')
    let boundary = 10n
    while (boundary * 10n + 3n < xmin) boundary *= 10n
    expect(boundary + 3n).toBeLessThan(xmin)
    const streamId = newStream()
    const userId = randomUUID()
    const transactionIds = [boundary - 2n, boundary - 1n, boundary + 1n, boundary + 2n]
    for (const [index, transactionId] of transactionIds.entries()) {
      await sql`insert into events (stream_id, stream_position, transaction_id, type, schema_version, event_id, user_id, data, metadata, created_at)
        values (${streamId}, ${index + 1}, ${transactionId.toString()}::xid8, 'CounterIncremented', 1, ${randomUUID()}, ${userId},
          ${JSON.stringify({ by: index + 1 })}, ${JSON.stringify(systemActor)}, now())`.execute(database.db)
    }

    const read = []
    let checkpoint = { transactionId: (boundary - 3n).toString(), globalPosition: 0 }
    for (;;) {
      const page = await store.readAll(checkpoint, 1)
      const last = page.at(-1)
      if (!last) break
      read.push(...page)
      checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition }
    }
    const ours = read.filter((event) => event.streamId === streamId)
    expect(ours.map((event) => event.data.by)).toEqual([1, 2, 3, 4])
    expect(ours.map((event) => event.transactionId)).toEqual(transactionIds.map(String))
    const history = await store.readByUser(userId)
    expect(history.map((event) => event.data.by)).toEqual([1, 2, 3, 4])
  })

  it("reads a user's history across streams", async () => {
    const userId = randomUUID()
    const metadata = { actor: { type: 'user' as const, id: userId }, userId }
    await appendEvents(store, newStream(), 'no_stream', [increment(1)], metadata)
    await appendEvents(
      store,
      `note-${randomUUID()}`,
      'no_stream',
      [{ type: 'NoteAdded', data: { text: 'hi', tags: [] } }],
      metadata,
    )
    await appendEvents(store, newStream(), 'no_stream', [increment(1)], systemActor)
    const history = await store.readByUser(userId)
    expect(history.map((event) => event.type)).toEqual(['CounterIncremented', 'NoteAdded'])
  })
})

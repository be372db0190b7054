import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { fixedClock } from '#events/clock.ts'
import { retryDelayMs } from '#events/projections/projection-failures.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { usersViewProjection } from '#events/projections/users-view.ts'
import { eventRegistry } from '#events/registry.ts'
import { defineEvent, EventRegistry } from '#events/store/event-definition.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { startOfLog } from '#events/store/types.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { createLedgerTable, ledgerProjection, readLedger } from '#tests/support/ledger-projection.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const increment = (by: number) => ({ type: 'CounterIncremented', data: { by } })
const silentLog = () => ({ debug: vi.fn(), info: vi.fn(), error: vi.fn() })

describe.each(databaseKinds)('a projection fed an event it cannot apply, on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-24T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    await createLedgerTable(database.db)
    store = createEventStore({ db: database.db, registry: testRegistry, clock })
  })

  /** Every CounterIncremented position in commit order: what a healthy ledger ends up with. */
  const allIncrements = async () =>
    (await store.readAll(startOfLog, 100_000))
      .filter((event) => event.type === 'CounterIncremented')
      .map((event) => event.globalPosition)

  it('halts at that event after applying the ones before it, lets the others go on, and resumes in order once fixed', async () => {
    const streamId = `counter-${randomUUID()}`
    const userId = randomUUID()
    const metadata = { actor: { type: 'user' as const, id: userId }, userId }
    const ledger = ledgerProjection(`ledger_${randomUUID().slice(0, 8)}`, {
      poisoned: (event) => event.streamId === streamId && event.data.by === 13,
    })
    const log = silentLog()
    const runner = new ProjectionRunner({
      db: database.db,
      registry: testRegistry,
      projections: [ledger, userActivityProjection],
      batchSize: 50,
      log,
      now: () => clock.now(),
    })
    await appendEvents(store, streamId, 'no_stream', [increment(1), increment(2)], metadata)
    await appendEvents(store, streamId, 1 + 1, [increment(13)], metadata)
    await appendEvents(store, streamId, 3, [increment(4), increment(5)], metadata)
    const [one, two, poison] = await store.readStream(streamId)
    if (!one || !two || !poison) throw new Error('the stream was not written')
    await logReadableToItsEnd(database.db)

    const results = await runner.catchUpAll()
    const stuckResult = results.find((result) => result.projection === ledger.name)
    expect(stuckResult?.stuck).toMatchObject({
      projection: ledger.name,
      position: { transactionId: poison.transactionId, globalPosition: poison.globalPosition },
      eventId: poison.eventId,
      eventType: 'CounterIncremented',
      streamId,
      error: 'cannot apply CounterIncremented by 13',
      attempts: 1,
    })
    expect(results.find((result) => result.projection === 'user_activity')?.stuck).toBeUndefined()
    expect(await readLedger(database.db, ledger.name)).toEqual([one.globalPosition, two.globalPosition])
    const activity = await database.db
      .selectFrom('user_activity')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst()
    expect(activity?.event_count).toBe(5)
    const status = await runner.status()
    expect(status.find((projection) => projection.name === ledger.name)).toMatchObject({
      checkpoint: { transactionId: two.transactionId, globalPosition: two.globalPosition },
      stuck: { eventId: poison.eventId, attempts: 1 },
    })
    expect(status.find((projection) => projection.name === 'user_activity')?.stuck).toBeUndefined()
    expect(log.error).toHaveBeenCalledWith(
      'projection halted at an event it cannot apply; its later events wait',
      expect.objectContaining({ projection: ledger.name, eventId: poison.eventId }),
    )

    // Later events wait behind it; within its delay the projection is not even tried.
    await appendEvents(store, streamId, 5, [increment(6)], metadata)
    await logReadableToItsEnd(database.db)
    const waiting = await runner.catchUp(ledger.name)
    expect(waiting).toMatchObject({ applied: 0, stuck: { attempts: 1 } })
    expect(await readLedger(database.db, ledger.name)).toEqual([one.globalPosition, two.globalPosition])
    expect((await runner.catchUp('user_activity')).stuck).toBeUndefined()

    // Retrying now tries it at once; it still fails and counts the attempt.
    const retried = await runner.retryNow(ledger.name)
    expect(retried.stuck).toMatchObject({ attempts: 2, firstFailedAt: stuckResult?.stuck?.firstFailedAt })
    expect(await readLedger(database.db, ledger.name)).toEqual([one.globalPosition, two.globalPosition])

    // The corrected projector is picked up once the delay has passed.
    ledger.fix()
    expect((await runner.catchUp(ledger.name)).stuck).toMatchObject({ attempts: 2 })
    clock.advance(retryDelayMs(2))
    const resumed = await runner.catchUp(ledger.name)
    expect(resumed.stuck).toBeUndefined()
    expect(await readLedger(database.db, ledger.name)).toEqual(await allIncrements())
    expect((await runner.status()).find((projection) => projection.name === ledger.name)?.stuck).toBeUndefined()
    expect(log.info).toHaveBeenCalledWith(
      'projection applied the event it had failed on and goes on',
      expect.objectContaining({ projection: ledger.name, eventId: poison.eventId, attempts: 2 }),
    )
    expect((await runner.catchUp(ledger.name)).applied).toBe(0)
  })

  it('tries the event at once in a new process, and a rebuild starts the failure over', async () => {
    const streamId = `counter-${randomUUID()}`
    const ledger = ledgerProjection(`ledger_${randomUUID().slice(0, 8)}`, {
      poisoned: (event) => event.streamId === streamId && event.data.by === 13,
    })
    const runnerOf = () =>
      new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [ledger], now: () => clock.now() })
    await appendEvents(store, streamId, 'no_stream', [increment(13), increment(1)], { actor: { type: 'system' } })
    await logReadableToItsEnd(database.db)
    expect((await runnerOf().catchUp(ledger.name)).stuck).toMatchObject({ attempts: 1 })
    // A restarted server may carry the fix, so it does not wait out the delay.
    expect((await runnerOf().catchUp(ledger.name)).stuck).toMatchObject({ attempts: 2 })

    const runner = runnerOf()
    expect((await runner.rebuild(ledger.name)).stuck).toMatchObject({ attempts: 1 })
    ledger.fix()
    const rebuilt = await runner.rebuild(ledger.name)
    expect(rebuilt.stuck).toBeUndefined()
    expect(await readLedger(database.db, ledger.name)).toEqual(await allIncrements())
  })

  it('fails the run, recording nothing, when the database itself fails', async () => {
    const ledger = ledgerProjection(`ledger_${randomUUID().slice(0, 8)}`)
    const broken = {
      ...ledger,
      apply: () => Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    }
    await appendEvents(store, `counter-${randomUUID()}`, 'no_stream', [increment(1)], { actor: { type: 'system' } })
    await logReadableToItsEnd(database.db)
    const runner = new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [broken] })
    await expect(runner.catchUp(ledger.name)).rejects.toThrow('terminating connection')
    expect((await runner.status())[0]?.stuck).toBeUndefined()
  })
})

/** CounterIncremented at version 2: version 1 payloads that spelled the number out are upcast. */
const fixedRegistry = new EventRegistry([
  defineEvent({
    type: 'CounterIncremented',
    schemaVersion: 2,
    schema: z.object({ by: z.number().int() }),
    upcasters: { 1: (data) => z.object({ by: z.coerce.number() }).parse(data) },
  }),
  defineEvent({
    type: 'NoteAdded',
    schemaVersion: 2,
    schema: z.object({ text: z.string(), tags: z.array(z.string()) }),
  }),
])

describe.each(databaseKinds)('an event that no longer decodes, on %s', (kind) => {
  let database: TestDatabase
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    await createLedgerTable(database.db)
  })

  it('halts only the projections that read it, and an upcaster lets them resume', async () => {
    const store = createEventStore({
      db: database.db,
      registry: testRegistry,
      clock: fixedClock('2026-11-24T10:00:00Z'),
    })
    const system = { actor: { type: 'system' as const } }
    await appendEvents(store, 'counter-a', 'no_stream', [increment(1)], system)
    // Written by an older release whose schema allowed text: it bypasses today's checks.
    await sql`insert into events (stream_id, stream_position, type, schema_version, event_id, data, metadata)
      values ('counter-old', 1, 'CounterIncremented', 1, ${randomUUID()}, '{"by":"13"}', '{"actor":{"type":"system"}}')`.execute(
      database.db,
    )
    await appendEvents(store, 'note-a', 'no_stream', [{ type: 'NoteAdded', data: { text: 'after', tags: [] } }], system)
    await appendEvents(store, 'counter-a', 1, [increment(2)], system)
    await logReadableToItsEnd(database.db)
    const positions = (
      await sql<{
        global_position: string | number
      }>`select global_position from events order by global_position`.execute(database.db)
    ).rows.map((row) => Number(row.global_position))
    const [first, old, note, last] = positions

    const counters = ledgerProjection('ledger_counters')
    const notes = ledgerProjection('ledger_notes', { eventTypes: ['NoteAdded'] })
    const runner = new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [counters, notes] })
    const [countersResult, notesResult] = await runner.catchUpAll()
    expect(countersResult?.stuck).toMatchObject({ position: { globalPosition: old }, eventType: 'CounterIncremented' })
    expect(countersResult?.stuck?.error).toMatch(/by/)
    expect(notesResult?.stuck).toBeUndefined()
    expect(await readLedger(database.db, 'ledger_counters')).toEqual([first])
    expect(await readLedger(database.db, 'ledger_notes')).toEqual([note])

    const upgraded = new ProjectionRunner({ db: database.db, registry: fixedRegistry, projections: [counters, notes] })
    const resumed = await upgraded.catchUpAll()
    expect(resumed.map((result) => result.stuck)).toEqual([undefined, undefined])
    expect(await readLedger(database.db, 'ledger_counters')).toEqual([first, old, last])
    expect(await readLedger(database.db, 'ledger_notes')).toEqual([note])
  })
})

describe.each(databaseKinds)('a NUL character sealed into a registration, on %s', (kind) => {
  let database: TestDatabase
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
  })

  it('halts users_view at that registration while user_activity goes on', async () => {
    const before = await registerDirectly(database, 'Before')
    const poison = await registerDirectly(database, 'x\u0000')
    const after = await registerDirectly(database, 'After')
    await logReadableToItsEnd(database.db)

    const runner = new ProjectionRunner({
      db: database.db,
      registry: eventRegistry,
      projections: [usersViewProjection, userActivityProjection],
    })
    const [usersView, activity] = await runner.catchUpAll()
    expect(usersView?.stuck).toMatchObject({
      projection: 'users_view',
      position: { transactionId: poison.transactionId, globalPosition: poison.globalPosition },
      eventId: poison.eventId,
      eventType: 'UserRegistered',
      error: 'invalid byte sequence for encoding "UTF8": 0x00',
    })
    expect(activity?.stuck).toBeUndefined()
    const people = await database.db.selectFrom('users_view').select(['user_id', 'last_name']).execute()
    expect(people).toEqual([{ user_id: before.metadata.userId, last_name: 'Before' }])
    const active = await database.db.selectFrom('user_activity').select('user_id').execute()
    const everyone = [before, poison, after].map((event) => event.metadata.userId)
    expect(active.map((row) => row.user_id).sort()).toEqual(everyone.sort())
  })
})

/**
 * A unit of work's `readAhead` (decision 0114): the streams a command will decide on, locked and
 * read in one round trip, and the owner fact with its share lock. What it read holds until the
 * unit commits: a writer on another connection waits, and the unit's own appends are read back.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { ownerOf, ownerStreamOf } from '#events/users/owner-check.ts'
import { userEventDefinitions, userStreamId } from '#events/users/user.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { systemActor } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'

/** Sign-ins counted on a person's stream: a decider with no rule, only a version to check. */
const signIns: Aggregate<number, typeof userEventDefinitions, 'SignIn'> = {
  events: userEventDefinitions,
  streamId: userStreamId,
  initialState: 0,
  evolve: (count) => count + 1,
  decide: () => [{ type: 'UserSignedIn', data: { method: 'password' } }],
}
const signInCommands = commandHandler(signIns)

describe.each(databaseKinds)('reading ahead in a unit of work on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: eventRegistry, clock: fixedClock('2026-11-28T10:00:00Z') })
  })

  const signIn = { type: 'UserSignedIn', data: { method: 'password' } }
  const erasure = { type: 'UserErased', data: { requestedBy: 'user' } }
  const positions = async (streamId: string) =>
    (await store.readStream(streamId)).map((event) => [event.type, event.globalPosition] as const)

  it('locks every stream it reads: a writer elsewhere waits, and the decision holds at the version read', async () => {
    const [first, second] = [randomUUID(), randomUUID()]
    await appendEvents(store, userStreamId(second), 'no_stream', [signIn], systemActor)
    let elsewhere: Promise<unknown> = Promise.resolve()
    const read = await store.transaction(async (tx) => {
      await tx.readAhead({ streams: [signInCommands.streamOf(first), signInCommands.streamOf(second)] })
      elsewhere = appendEvents(store, userStreamId(second), 'stream_exists', [signIn], systemActor)
      // Time for the writer elsewhere to reach the lock it waits on (PGlite runs one statement at a time anyway).
      await sql`select pg_sleep(0.2)`.execute(tx.db)
      const versions = [
        (await tx.readStream(userStreamId(first))).length,
        (await tx.readStream(userStreamId(second))).length,
      ]
      for (const id of [first, second]) await signInCommands.handle(tx, id, 'SignIn', systemActor)
      return versions
    })
    await elsewhere
    expect(read).toEqual([0, 1])
    const [, decided, waited] = await positions(userStreamId(second))
    expect(decided?.[1]).toBeLessThan(waited?.[1] ?? 0)
    expect((await store.readStream(userStreamId(second))).map((event) => event.streamPosition)).toEqual([1, 2, 3])
  })

  it('answers the owner fact from its read, and an erasure elsewhere waits for the unit to commit', async () => {
    const [owner, other] = [randomUUID(), randomUUID()]
    await appendEvents(store, ownerStreamOf(owner), 'no_stream', [signIn], systemActor)
    let erasing: Promise<unknown> = Promise.resolve()
    const seen = await store.transaction(async (tx) => {
      await tx.readAhead({ streams: [signInCommands.streamOf(other)], ownerStreams: [ownerStreamOf(owner)] })
      erasing = appendEvents(store, ownerStreamOf(owner), 1, [erasure], systemActor)
      await sql`select pg_sleep(0.2)`.execute(tx.db)
      const { erased } = await ownerOf(tx, owner)
      if (!erased) await signInCommands.handle(tx, other, 'SignIn', systemActor)
      return erased
    })
    await erasing
    expect(seen).toBe(false)
    const [decided] = await positions(userStreamId(other))
    const [, erased] = await positions(ownerStreamOf(owner))
    expect(erased?.[0]).toBe('UserErased')
    expect(decided?.[1]).toBeLessThan(erased?.[1] ?? 0)
    const after = await store.transaction(async (tx) => {
      await tx.readAhead({ streams: [], ownerStreams: [ownerStreamOf(owner)] })
      return (await ownerOf(tx, owner)).erased
    })
    expect(after).toBe(true)
  })

  it('reads back what the unit itself appended, and reads each stream once otherwise', async () => {
    const id = randomUUID()
    const lengths = await store.transaction(async (tx) => {
      await tx.readAhead({ streams: [signInCommands.streamOf(id)] })
      const before = (await tx.readStream(userStreamId(id))).length
      await signInCommands.handle(tx, id, 'SignIn', systemActor)
      const once = (await signInCommands.read(tx, id)).version
      await signInCommands.handle(tx, id, 'SignIn', systemActor)
      return [before, once, (await tx.readStream(userStreamId(id))).length]
    })
    expect(lengths).toEqual([0, 1, 2])
  })
})

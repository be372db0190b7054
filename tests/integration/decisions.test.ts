/**
 * `store.decide` (decision 0071): streams read in one round trip, the decision written in one
 * statement that checks every stream and owner again. A stream moved or an owner erased between
 * the two writes nothing of the decision, and the decision runs again on fresh reads.
 */
import { randomUUID } from 'node:crypto'
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

/** Sign-ins counted on a person's stream: a decider with no rule, only a version to check. */
const signIns: Aggregate<number, typeof userEventDefinitions, 'SignIn'> = {
  events: userEventDefinitions,
  streamId: userStreamId,
  initialState: 0,
  evolve: (count) => count + 1,
  decide: () => [{ type: 'UserSignedIn', data: { method: 'password' } }],
}
const signInCommands = commandHandler(signIns)

describe.each(databaseKinds)('decisions on several streams on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: eventRegistry, clock: fixedClock('2026-11-25T10:00:00Z') })
  })

  const signIn = { type: 'UserSignedIn', data: { method: 'password' } }

  it('writes every stream or none: a stream moved since the read makes the whole decision run again', async () => {
    const [first, second] = [randomUUID(), randomUUID()]
    await store.append(`user-${second}`, 'no_stream', [signIn], systemActor)
    const attempts: number[][] = []
    await store.decide({ streams: [signInCommands.streamOf(first), signInCommands.streamOf(second)] }, async (unit) => {
      const versions = await Promise.all(
        [first, second].map(async (id) => (await unit.readStream(`user-${id}`)).length),
      )
      attempts.push(versions)
      // Another writer moves the second stream after the read, once.
      if (attempts.length === 1) await store.append(`user-${second}`, 1, [signIn], systemActor)
      for (const id of [first, second]) await signInCommands.handle(unit, id, 'SignIn', systemActor)
    })
    expect(attempts).toEqual([
      [0, 1],
      [0, 2],
    ])
    expect((await store.readStream(`user-${first}`)).map((event) => event.streamPosition)).toEqual([1])
    expect((await store.readStream(`user-${second}`)).map((event) => event.streamPosition)).toEqual([1, 2, 3])
  })

  it('runs again and sees the owner erased when the erasure committed between its read and its write', async () => {
    const [owner, other] = [randomUUID(), randomUUID()]
    await store.append(ownerStreamOf(owner), 'no_stream', [signIn], systemActor)
    const seen: boolean[] = []
    await store.decide(
      { streams: [signInCommands.streamOf(other)], ownerStreams: [ownerStreamOf(owner)] },
      async (unit) => {
        const { erased } = await ownerOf(unit, owner)
        seen.push(erased)
        if (seen.length === 1)
          await store.append(
            ownerStreamOf(owner),
            1,
            [{ type: 'UserErased', data: { requestedBy: 'user' } }],
            systemActor,
          )
        if (!erased) await signInCommands.handle(unit, other, 'SignIn', systemActor)
      },
    )
    expect(seen).toEqual([false, true])
    expect(await store.readStream(`user-${other}`)).toEqual([])
  })
})

/**
 * The owner check every command on something a person owns makes (`ownerOf`): it answers
 * whether the person was erased without reading their stream, which grows with every sign-in.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StoreTransaction } from '#events/store/event-store.ts'
import { ownerOf } from '#events/users/owner-check.ts'
import { type UserCommand, userCommands } from '#events/users/user-decider.ts'
import { systemActor } from '#tests/support/test-events.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { registerConfirmed } from '#tests/support/registered-person.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('the owner check on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const onUser = (userId: string, command: UserCommand) =>
    test.runtime.store.transaction((tx) => userCommands.handle(tx, userId, command, systemActor))

  const register = (userId: string) => registerConfirmed(test.runtime, userId, systemActor)

  /** A unit of work whose stream reads fail: the owner check must answer without them. */
  const ownerWithoutReadingStreams = (userId: string) =>
    test.runtime.store.transaction((tx) => {
      const noStreamReads: Pick<StoreTransaction, 'erased' | 'readStream'> = {
        erased: tx.erased,
        readStream: (streamId) => Promise.reject(new Error(`the owner check read ${streamId}`)),
      }
      return ownerOf(noStreamReads, userId)
    })

  it('answers a signed-in person, an erased one and an unknown one without folding their stream', async () => {
    const userId = randomUUID()
    await register(userId)
    for (let signIn = 0; signIn < 30; signIn += 1) await onUser(userId, { type: 'RecordSignIn', method: 'password' })
    expect(await ownerWithoutReadingStreams(userId)).toEqual({ userId, erased: false })

    await onUser(userId, { type: 'Erase', requestedBy: 'user' })
    expect(await ownerWithoutReadingStreams(userId)).toEqual({ userId, erased: true })

    const unknown = randomUUID()
    expect(await ownerWithoutReadingStreams(unknown)).toEqual({ userId: unknown, erased: false })
  })
})

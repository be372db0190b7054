/**
 * An erasure and a write for the same person at the same moment, on PostgreSQL (PGlite runs one
 * transaction at a time, so it has no such race): the write that read its owner before the
 * erasure commits first, so nothing about the person follows UserErased in the log; the write
 * that comes during the erasure waits for it and is refused. Each test holds one side's
 * transaction open and lets the other run until PostgreSQL shows it waiting on a lock.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import { ownerOf } from '#events/users/owner-check.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { deleteAccount } from '#server/accounts/profile.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { testOrderData } from '#tests/support/test-order.ts'
import { registeredPerson } from '#tests/support/registered-person.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

let test: TestRuntime
const teardown = suiteTeardown()
beforeAll(async () => {
  test = await createTestRuntime('postgres')
  teardown.add(() => test.close())
})

/** Resolves once some other connection of this database waits for a lock. */
async function someoneWaitsOnALock() {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `.execute(test.database.db)
    if ((rows[0]?.waiting ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open: () => open(), opened }
}

async function eventTypesAfterErasure(userId: string) {
  const { rows } = await sql<{ type: string }>`
    select type from events
    where user_id = ${userId}
      and global_position > (select global_position from events where user_id = ${userId} and type = 'UserErased')
    order by global_position
  `.execute(test.database.db)
  return rows.map((row) => row.type)
}

describe('an erasure racing a write for the same person', () => {
  it('waits for a write that already read its owner, so that write lands before UserErased', async () => {
    const person = await registeredPerson(test.runtime, 'pro')
    const ownerRead = gate()
    const release = gate()
    const write = test.runtime.store.transaction(async (tx) => {
      const owner = await ownerOf(tx, person.userId)
      ownerRead.open()
      await release.opened
      const data = testOrderData(person.userId, {
        orderId: `order_race_${randomUUID()}`,
        planType: 'pro',
        amount: 49900,
        receipt: 'race',
      })
      await orderCommands.handle(tx, data.orderId, { type: 'CreateOrder', owner, data }, person.metadata())
      return owner
    })
    await ownerRead.opened
    const erasure = deleteAccount(person)
    await Promise.race([someoneWaitsOnALock(), erasure])
    release.open()
    expect(await write).toEqual({ userId: person.userId, erased: false })
    await erasure
    expect(await eventTypesAfterErasure(person.userId)).toEqual([])
  })

  it('makes a write that starts during the erasure wait for it, then refuses it', async () => {
    const person = await registeredPerson(test.runtime, 'pro')
    const erasing = gate()
    const release = gate()
    const erasure = test.runtime.store.transaction(async (tx) => {
      await userCommands.handle(tx, person.userId, { type: 'Erase', requestedBy: 'user' }, person.metadata())
      erasing.open()
      await release.opened
    })
    await erasing.opened
    const start = startSession(person, { mode: 'text' }).then(
      () => undefined,
      (error: unknown) => error,
    )
    await Promise.race([someoneWaitsOnALock(), start])
    release.open()
    await erasure
    const refused = await start
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'erased' })
    expect(await eventTypesAfterErasure(person.userId)).toEqual([])
  })
})

/**
 * Units of work on one person take that person's locks in one order (the person's stream, then
 * their subscription, then a session), so a plan change, a session start and a sign-in racing on
 * the same person wait for each other in a line, never in a circle. PostgreSQL breaks a circle
 * only after `deadlock_timeout` (a second), by reordering a lock's queue or rolling a unit back:
 * the test watches the waits (`pg_blocking_pids`) and fails on a circle. On PostgreSQL it stages the race: something holds the
 * subscription's lock while the plan change, the start and then the sign-in each queue (it waits
 * until PostgreSQL shows each one waiting), then lets them all go. PGlite runs one transaction at
 * a time, so there the three simply run at once.
 */
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { commandUnit } from '#events/store/command-handler.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { signInOrChallenge } from '#server/accounts/second-step/sign-in-challenge.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { schedulePlanChange } from '#server/subscriptions/plan-changes.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { registeredPerson } from '#tests/support/registered-person.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open: () => open(), opened }
}

describe.each(databaseKinds)('a plan change, a session start and a sign-in on one person, on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  /** Whether some connection of this database waits, through others, on itself: a circle of lock waits. */
  async function waitsInACircle(): Promise<boolean> {
    // A connection blocks another when it holds a lock the other wants, or asked for one first.
    const { rows } = await sql<{ pid: number; blockers: number[] }>`
      select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `.execute(test.database.db)
    const blockersOf = new Map(rows.map((row) => [row.pid, row.blockers]))
    const reachesItself = (from: number) => {
      const seen = new Set<number>()
      const next = [...(blockersOf.get(from) ?? [])]
      for (let pid = next.pop(); pid !== undefined; pid = next.pop()) {
        if (pid === from) return true
        if (seen.has(pid)) continue
        seen.add(pid)
        next.push(...(blockersOf.get(pid) ?? []))
      }
      return false
    }
    return rows.some((row) => reachesItself(row.pid))
  }

  /** Watches the lock waits until `work` settles: whether they ever formed a circle. */
  async function circleWhile(work: Promise<unknown>): Promise<boolean> {
    const settled = work.then(
      () => true,
      () => true,
    )
    for (;;) {
      if (await waitsInACircle()) return true
      const tick = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10))
      if (await Promise.race([settled, tick])) return false
    }
  }

  /** Resolves once `count` other connections of this database wait for a lock. */
  async function waitingOnLocks(count: number) {
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
      `.execute(test.database.db)
      if ((rows[0]?.waiting ?? 0) >= count) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it('all three finish, their lock waits never in a circle', async () => {
    const person = await registeredPerson(test.runtime, 'pro')
    const { userId } = person
    const signIn = () =>
      commandUnit(test.runtime.store, (tx) =>
        signInOrChallenge(tx, test.runtime, { userId, method: 'password' }, person.metadata()),
      )
    if (kind === 'pglite') {
      const [planChange, start, signedIn] = await Promise.all([
        schedulePlanChange(person, 'starter'),
        startSession(person, { mode: 'text' }),
        signIn(),
      ])
      expect(planChange).toMatchObject({ scheduledChange: { planType: 'starter' } })
      expect(start).toMatchObject({ status: 'active' })
      expect(signedIn).toMatchObject({ kind: 'signed-in' })
      return
    }
    const held = gate()
    const release = gate()
    const subscriptionStream = subscriptionCommands.streamOf(userId).streamId
    const holder = test.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('event-stream'), hashtext(${subscriptionStream}))`.execute(trx)
      held.open()
      await release.opened
    })
    await held.opened
    const planChange = schedulePlanChange(person, 'starter')
    await waitingOnLocks(1)
    const start = startSession(person, { mode: 'text' })
    await waitingOnLocks(2)
    const signedIn = signIn()
    await waitingOnLocks(3)
    // The plan change is first in line for the subscription, the start second, the sign-in waits
    // for the person's stream: once the holder lets go, each waits only for the one ahead of it.
    const all = Promise.all([planChange, start, signedIn])
    release.open()
    await holder
    expect(await circleWhile(all)).toBe(false)
    expect(await planChange).toMatchObject({ scheduledChange: { planType: 'starter' } })
    expect(await start).toMatchObject({ status: 'active' })
    expect(await signedIn).toMatchObject({ kind: 'signed-in' })
  })
})

import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { viewProjections } from '#events/projections/all-projections.ts'
import { prepareRebuild, rebuildableProjections } from '#server/support/rebuild-projection.ts'
import type { RebuildProgress } from '#server/support/rebuild-progress.ts'
import { replayUser } from '#server/support/replay-user.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

/** A small deterministic generator, so a failing workload can be replayed from its seed. */
function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

const viewTables = viewProjections.flatMap((projection) => projection.tables ?? [])

describe.each(databaseKinds)('support replays a person with a diff and rebuilds whole views on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  /** Every view row, table by table in key order, as plain JSON. */
  async function allViews() {
    const views: Record<string, unknown[]> = {}
    for (const { table, key } of viewTables) {
      const rows = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} order by ${sql.ref(key)}`.execute(test.runtime.db)
      views[table] = JSON.parse(JSON.stringify(rows.rows)) as unknown[]
    }
    return views
  }

  async function eventCount() {
    const { n } = await test.runtime.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(n)
  }

  async function randomWorkload(seed: number, steps: number) {
    const random = seededRandom(seed)
    const people: string[] = []
    for (let step = 0; step < steps; step += 1) {
      const dice = random()
      const someone = people[Math.floor(random() * people.length)]
      if (dice < 0.4 || !someone)
        people.push((await registerDirectly({ store: test.runtime.store }, `Rao${step}`)).metadata.userId ?? '')
      else if (dice < 0.7) await grantPlan(test.runtime, someone, random() < 0.5 ? 'starter' : 'pro')
      else await createTestOrder(test.runtime, someone)
      test.clock.advance(60_000)
    }
    // Jobs append events (invoices, expired orders by the test's clock) that wake further jobs: run
    // every job until the log stops growing, so no poll adds events while the views are compared.
    let appended = -1
    while (appended !== (appended = await eventCount())) {
      for (const job of test.runtime.jobs.jobs) await job.run()
      await test.runtime.jobs.settled()
      await test.runtime.projections.catchUpAll()
    }
    return people
  }

  it('lists every view projection with its tables, so replay and rebuild cover each view', () => {
    expect(rebuildableProjections().sort()).toEqual(viewProjections.map((projection) => projection.name).sort())
  })

  it('shows exactly the rows corrupted by hand in a dry run, writes nothing, and restores them on apply', async () => {
    const person = (await registerDirectly({ store: test.runtime.store }, 'Kumar')).metadata.userId ?? ''
    const paidOrder = await grantPlan(test.runtime, person, 'starter')
    await test.runtime.jobs.settled()
    await test.runtime.projections.catchUpAll()
    const healthy = await allViews()

    const { db } = test.runtime
    await db
      .updateTable('users_view')
      .set({ first_name: 'Mallory', sign_in_count: 99 })
      .where('user_id', '=', person)
      .execute()
    await db.deleteFrom('orders_view').where('order_id', '=', paidOrder).execute()
    await db.updateTable('subscriptions_view').set({ status: 'expired' }).where('user_id', '=', person).execute()
    await db.updateTable('user_activity').set({ event_count: 1000 }).where('user_id', '=', person).execute()
    const corrupted = await allViews()

    const dryRun = await replayUser(test.runtime, person, { apply: false })
    expect(dryRun.applied).toBe(false)
    const healthyOrder = healthy.orders_view?.find((row) => (row as { order_id: string }).order_id === paidOrder)
    expect(dryRun.changes.map(({ table, key, change }) => ({ table, key, change }))).toEqual([
      { table: 'orders_view', key: paidOrder, change: 'added' },
      { table: 'subscriptions_view', key: person, change: 'changed' },
      { table: 'user_activity', key: person, change: 'changed' },
      { table: 'users_view', key: person, change: 'changed' },
    ])
    expect(dryRun.changes).toContainEqual({
      table: 'orders_view',
      key: paidOrder,
      change: 'added',
      after: healthyOrder,
    })
    expect(dryRun.changes.find((change) => change.table === 'users_view')).toEqual({
      table: 'users_view',
      key: person,
      change: 'changed',
      columns: [
        { column: 'first_name', before: 'Mallory', after: 'Eve' },
        { column: 'sign_in_count', before: 99, after: 0 },
      ],
    })
    expect(dryRun.changes.find((change) => change.table === 'subscriptions_view')).toMatchObject({
      columns: [{ column: 'status', before: 'expired', after: 'active' }],
    })
    expect(dryRun.changes.find((change) => change.table === 'user_activity')).toMatchObject({
      columns: [{ column: 'event_count', before: 1000 }],
    })
    expect(await allViews()).toEqual(corrupted)

    await expect(replayUser(test.runtime, person, { apply: true, expected: '0'.repeat(64) })).rejects.toMatchObject({
      code: 'concurrent-change',
    })
    expect(await allViews()).toEqual(corrupted)

    const applied = await replayUser(test.runtime, person, { apply: true, expected: dryRun.fingerprint })
    expect(applied.changes).toEqual(dryRun.changes)
    expect(applied.applied).toBe(true)
    expect(await allViews()).toEqual(healthy)
    expect((await replayUser(test.runtime, person, { apply: false })).changes).toEqual([])
  })

  it('rebuilds every view after a random workload into exactly the live views, reporting its progress', async () => {
    await randomWorkload(kind === 'pglite' ? 7 : 11, 40)
    const live = await allViews()
    // Damage every view first: the rebuild must come from the log, not from the rows it replaces.
    for (const { table, key } of viewTables)
      await sql`delete from ${sql.table(table)} where ${sql.ref(key)} = (select min(${sql.ref(key)}) from ${sql.table(table)})`.execute(
        test.runtime.db,
      )
    expect(await allViews()).not.toEqual(live)
    const total = Number(
      (
        await test.runtime.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    for (const name of rebuildableProjections()) {
      const seen: RebuildProgress[] = []
      const run = await prepareRebuild(test.runtime, name, 'support-test')
      await expect(prepareRebuild(test.runtime, name, 'someone-else')).rejects.toMatchObject({
        code: 'concurrent-change',
      })
      const done = await run((progress) => {
        seen.push(progress)
      })
      expect(done).toMatchObject({
        projection: name,
        status: 'done',
        eventsDone: total,
        eventsTotal: total,
        error: null,
      })
      expect(seen[0]).toMatchObject({ status: 'running', eventsDone: total })
      expect(seen.at(-1)).toEqual(done)
    }
    expect(await allViews()).toEqual(live)
    const status = await test.runtime.projections.status()
    expect(status.every((projection) => projection.stuck === undefined)).toBe(true)
    // The live projector carries on from the rebuilt checkpoint: a later person appears once.
    const later = (await registerDirectly({ store: test.runtime.store }, 'After')).metadata.userId ?? ''
    await test.runtime.jobs.settled()
    await test.runtime.projections.catchUpAll()
    const rows = await test.runtime.db
      .selectFrom('users_view')
      .select('last_name')
      .where('user_id', '=', later)
      .execute()
    expect(rows).toEqual([{ last_name: 'After' }])
  })

  it('rebuilds every view the same in batches cut small: ranges of 5 events, at most 2 of a view folding in code', async () => {
    // The previous test's workload. Every job runs once first, so the poll finds nothing left to do
    // by the test's clock (orders that expire by now have) while the views are compared.
    for (const job of test.runtime.jobs.jobs) await job.run()
    await test.runtime.jobs.settled()
    await test.runtime.projections.catchUpAll()
    const live = await allViews()
    for (const { table, key } of viewTables)
      await sql`delete from ${sql.table(table)} where ${sql.ref(key)} = (select max(${sql.ref(key)}) from ${sql.table(table)})`.execute(
        test.runtime.db,
      )
    expect(await allViews()).not.toEqual(live)
    for (const name of rebuildableProjections()) {
      const progress: number[] = []
      const run = await prepareRebuild(test.runtime, name, 'support-test', { range: 5, applied: 2 })
      const done = await run((step) => {
        progress.push(step.eventsDone)
      })
      expect(done).toMatchObject({ status: 'done', eventsDone: done.eventsTotal })
      // Many batches, each moving the progress on, never back.
      expect(progress.length).toBeGreaterThan(3)
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
    }
    expect(await allViews()).toEqual(live)
  })

  it('serves the old rows while a view rebuilds (not an emptied view), and refuses reactors and unknown names', async () => {
    const before = await allViews()
    const run = await prepareRebuild(test.runtime, 'users_view', 'support-test')
    const midway: unknown[] = []
    await run(async (progress) => {
      if (progress.status === 'running') midway.push(await allViews())
    })
    expect(midway).toEqual([before])
    expect(await allViews()).toEqual(before)
    await expect(prepareRebuild(test.runtime, 'contact_mail', 'support-test')).rejects.toMatchObject({
      code: 'not-found',
    })
    await expect(prepareRebuild(test.runtime, 'nope', 'support-test')).rejects.toMatchObject({ code: 'not-found' })
  })
})

import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '#migrations/index.ts'
import { pendingMigrations } from '#migrations/pending.ts'
import { readiness } from '#server/health/readiness.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('readiness on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const createOrder = () => createTestOrder(test.runtime, 'u-ready')

  it('is ready with every check: database up, migrations current, no projection behind, Inngest not configured', async () => {
    await test.runtime.jobs.settled()
    const ready = await readiness(test.runtime)
    expect(ready.problems).toEqual([])
    expect(ready.ready).toBe(true)
    expect(ready.checks).toMatchObject({
      database: 'up',
      migrations: { current: true, pending: [] },
      inngest: 'not-configured',
    })
    expect(ready.checks.projections?.map((projection) => projection.name)).toEqual(test.runtime.projections.names)
    for (const projection of ready.checks.projections ?? [])
      expect(projection).toMatchObject({ behind: 0, halted: null })
  })

  it('counts the events each projection has not applied yet, and stays ready while they wait', async () => {
    const wake = test.runtime.jobs.wake
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
    try {
      await createOrder()
      await createOrder()
      await logReadableToItsEnd(test.runtime.db)
      const behind = await readiness(test.runtime)
      expect(behind.ready).toBe(true)
      for (const projection of behind.checks.projections ?? []) expect(projection.behind).toBe(2)
      await test.runtime.projections.catchUp('users_view')
      const caughtUp = await readiness(test.runtime)
      expect(caughtUp.checks.projections?.find((projection) => projection.name === 'users_view')?.behind).toBe(0)
      expect(caughtUp.checks.projections?.find((projection) => projection.name === 'user_activity')?.behind).toBe(2)
    } finally {
      test.runtime.jobs.wake = wake
      await test.runtime.projections.catchUpAll()
    }
  })

  it('is not ready while a migration of this release has not run, and ready again once it has', async () => {
    const newest = Object.keys(migrations).sort().at(-1) ?? ''
    await sql`delete from kysely_migration where name = ${newest}`.execute(test.runtime.db)
    try {
      expect(await pendingMigrations(test.runtime.db)).toEqual([newest])
      const pending = await readiness(test.runtime)
      expect(pending.ready).toBe(false)
      expect(pending.checks.migrations).toEqual({ current: false, pending: [newest] })
      expect(pending.problems).toEqual([`Migrations not run yet: ${newest}`])
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${new Date().toISOString()})`.execute(
        test.runtime.db,
      )
    }
    expect((await readiness(test.runtime)).ready).toBe(true)
  })
})

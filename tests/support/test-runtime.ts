import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { loadConfig, type PlanId } from '#app.config.ts'
import { fixedClock } from '#events/clock.ts'
import { recordPayment } from '#server/payments/record-payment.ts'
import { eventsAppendedEvent } from '#server/jobs/projection-jobs.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { findPlan } from '#app.catalog.ts'
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts'
import { logReadableToItsEnd } from './log-readable.ts'
import { createTestOrder } from './test-order.ts'

export type TestRuntime = {
  runtime: Runtime
  database: TestDatabase
  clock: ReturnType<typeof fixedClock>
  close: () => Promise<void>
}

/** The real runtime on a fresh database, with a clock the test moves; offline AI, sandbox payments. */
export async function createTestRuntime(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestRuntime> {
  const database = await createTestDatabase(kind)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-runtime-'))
  const clock = fixedClock('2026-11-21T10:00:00Z')
  const runtime = await createRuntime({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    clock,
    database,
  })
  if (kind === 'postgres') settleOnceReadable(runtime, database)
  return {
    runtime,
    database,
    clock,
    close: async () => {
      await runtime.close()
      await database.drop()
      // A file the runtime was still creating as it closed can land while the folder is removed: try again.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

/**
 * On PostgreSQL the projectors read the log in commit order, so an event stays unread while any
 * older transaction in the cluster is open, a transaction of another test file's database
 * included; a run that ends meanwhile leaves it for the next poll. `settled` then waits for the
 * log to be readable to its end and wakes the projectors before it waits for them, so a test that
 * checks a view after `settled` sees every event committed before it.
 */
function settleOnceReadable(runtime: Runtime, database: TestDatabase): void {
  const { jobs } = runtime
  const settled = jobs.settled
  jobs.settled = async (prefix) => {
    await logReadableToItsEnd(database.db)
    jobs.wake(eventsAppendedEvent)
    await settled(prefix)
  }
}

/** Gives a person a paid plan the way a real payment does: an order, then a verified payment. */
export async function grantPlan(runtime: Runtime, userId: string, planType: PlanId) {
  const plan = findPlan(planType)
  if (!plan) throw new Error(`unknown plan ${planType}`)
  const metadata = { actor: { type: 'system' as const }, userId }
  const orderId = await createTestOrder(runtime, userId, { planType, amount: plan.amount, receipt: 'test' }, metadata)
  await recordPayment(
    { runtime, metadata: () => metadata },
    { orderId, paymentId: `pay_test_${randomUUID().slice(0, 8)}`, verifiedBy: 'webhook', amount: plan.amount },
  )
  return orderId
}

/**
 * A second replica on `first`'s PostgreSQL database, with its own data folder and pool, sharing
 * the first's clock; closing it leaves the database to the first.
 */
export async function secondReplicaOf(
  first: TestRuntime,
  { poolSize, env = {} }: { poolSize: number; env?: Record<string, string> },
): Promise<{ runtime: Runtime; close: () => Promise<void> }> {
  const url = first.database.url
  if (!url) throw new Error('a second replica needs a PostgreSQL test database, which has a URL')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-second-'))
  const runtime = await createRuntime({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    clock: first.clock,
    database: openDatabase({ kind: 'postgres', url, poolSize }),
  })
  return {
    runtime,
    close: async () => {
      await runtime.close()
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

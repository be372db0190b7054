import { randomUUID } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { createJobScheduler } from '#server/jobs/job-scheduler.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { createJobFunctions } from '#inngest/functions/job-functions.ts'
import { eventsAppendedEvent, projectionJobs } from '#server/jobs/projection-jobs.ts'
import { fixedClock } from '#events/clock.ts'
import { createLogger } from '#server/logger.ts'
import { counterProjection, createCounterTable, readCounters } from '#tests/support/counter-projection.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { systemActor, testRegistry } from '#tests/support/test-events.ts'
import { appendEvents } from '#tests/support/append-events.ts'

describe('projection jobs', () => {
  let database: TestDatabase
  let runner: ProjectionRunner
  const clock = fixedClock('2026-11-21T10:00:00Z')
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    teardown.add(() => database.drop())
    await createCounterTable(database.db)
    runner = new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [counterProjection()] })
  })

  const counterOf = async (streamId: string) =>
    (await readCounters(database.db)).find((row) => row.stream_id === streamId)?.total

  it('run in Inngest when woken by an append, and again harmlessly from cron', async () => {
    const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
    const [projectCounters] = createJobFunctions(client, projectionJobs(runner))
    if (!projectCounters) throw new Error('no function was created')
    expect(projectCounters.id()).toBe('project-views')

    const store = createEventStore({ db: database.db, registry: testRegistry, clock })
    const streamId = `counter-${randomUUID()}`
    await appendEvents(store, streamId, 'no_stream', [{ type: 'CounterIncremented', data: { by: 3 } }], systemActor)

    const woken = await new InngestTestEngine({ function: projectCounters }).execute({
      events: [{ name: eventsAppendedEvent, data: { streamIds: [streamId], globalPositions: [1] } }],
    })
    expect(woken.result).toMatchObject([{ projection: 'test_counters', applied: 1 }])
    const fromCron = await new InngestTestEngine({ function: projectCounters }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
    })
    expect(fromCron.result).toMatchObject([{ applied: 0 }])
    expect(await counterOf(streamId)).toBe(3)
  })

  it('run in-process right after an append when Inngest is not configured, coalescing wake-ups', async () => {
    const scheduler = await createJobScheduler({
      config: loadConfig({}),
      jobs: projectionJobs(runner),
      log: createLogger('silent'),
    })
    expect(scheduler.mode).toBe('in-process')
    const store = createEventStore({
      db: database.db,
      registry: testRegistry,
      clock,
      onAppended: () => scheduler.wake(eventsAppendedEvent),
    })
    const streamId = `counter-${randomUUID()}`
    await Promise.all(
      Array.from({ length: 5 }, () =>
        appendEvents(store, streamId, 'any', [{ type: 'CounterIncremented', data: { by: 2 } }], systemActor),
      ),
    )
    await scheduler.settled()
    expect(await counterOf(streamId)).toBe(10)
  })
})

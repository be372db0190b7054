import { randomUUID } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectionRunner } from '../../events/projections/projection-runner.ts'
import { createEventStore } from '../../events/store/event-store.ts'
import { createInngestClient, eventsAppendedEvent } from '../../inngest/client.ts'
import { createProjectEventsFunctions } from '../../inngest/functions/project-events.ts'
import { fixedClock } from '../../server/clock.ts'
import { counterProjection, createCounterTable, readCounters } from '../support/counter-projection.ts'
import { createTestDatabase, type TestDatabase } from '../support/databases.ts'
import { systemActor, testRegistry } from '../support/test-events.ts'

describe('the Inngest projection function', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    await createCounterTable(database.db)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('catches the projection up when woken by an append, and again harmlessly from cron', async () => {
    const store = createEventStore({ db: database.db, registry: testRegistry, clock: fixedClock('2026-11-21T10:00:00Z') })
    const runner = new ProjectionRunner({ db: database.db, registry: testRegistry, projections: [counterProjection()] })
    const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
    const [projectCounters] = createProjectEventsFunctions(client, runner)
    if (!projectCounters) throw new Error('no function was created')
    expect(projectCounters.id()).toBe('project-test-counters')

    const streamId = `counter-${randomUUID()}`
    await store.append(streamId, 'no_stream', [{ type: 'CounterIncremented', data: { by: 3 } }], systemActor)

    const woken = await new InngestTestEngine({ function: projectCounters }).execute({
      events: [{ name: eventsAppendedEvent, data: { streamId, globalPositions: [1] } }],
    })
    expect(woken.result).toMatchObject({ projection: 'test_counters', applied: 1 })

    const fromCron = await new InngestTestEngine({ function: projectCounters }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
    })
    expect(fromCron.result).toMatchObject({ applied: 0 })
    expect((await readCounters(database.db)).map((row) => [row.stream_id, row.total])).toEqual([[streamId, 3]])
  })
})

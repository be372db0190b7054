/**
 * The write path of an interview session on PostgreSQL, in statements: a start and an end are
 * each a unit of work with one locked read and its appends written together at commit, in one
 * statement whatever the number of streams (decisions 0114, 0117), as is any unit's, and a
 * start + end cycle stays within five statements per appended event with every projection of the
 * runtime included.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app.config.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import type { Database } from '#server/db/schema.ts'
import { endSession, startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs } from '#server/request-scope.ts'
import { createRuntime, type Runtime } from '#server/runtime.ts'
import { createTestDatabase } from '#tests/support/databases.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'
import { countingDatabase } from '#tests/support/statement-counter.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { fixedClock } from '#events/clock.ts'
import { grantPlan } from '#tests/support/test-runtime.ts'
import { userStreamId } from '#events/users/user.ts'

describe('statements of an interview session on postgres', () => {
  let runtime: Runtime
  let counting: ReturnType<typeof countingDatabase<Database>>
  const clock = fixedClock('2026-11-21T10:00:00Z')
  const teardown = suiteTeardown()
  beforeAll(async () => {
    const database = await createTestDatabase('postgres')
    teardown.add(() => database.drop())
    if (!database.url) throw new Error('a PostgreSQL test database has a URL')
    counting = countingDatabase<Database>(database.url, 12)
    teardown.add(() => counting.close())
    const dataDir = await mkdtemp(path.join(tmpdir(), 'interview-helper-statements-'))
    teardown.add(() => rm(dataDir, { recursive: true, force: true }))
    runtime = await createRuntime({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      clock,
      // The pool is closed by the teardown above, after the runtime's jobs stopped.
      database: { db: counting.db, kind: 'postgres', close: () => Promise.resolve() },
    })
    teardown.add(() => runtime.close())
  })

  const personWithPlan = async (on: Runtime) => {
    const userId = randomUUID()
    await grantPlan(runtime, userId, 'pro')
    await runtime.jobs.settled()
    return actingAs({ runtime: on, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)
  }

  it('starts a session in one read and one write of both streams, and ends it by its id in the same', async () => {
    // The same runtime with a store that wakes no projection: only the session's own statements count.
    const quiet: Runtime = {
      ...runtime,
      store: createEventStore<Database>({ db: counting.db, registry: eventRegistry, clock }),
    }
    const scope = await personWithPlan(quiet)
    const started = await counted(() => startSession(scope, { mode: 'text' }))
    expect(started.result.status).toBe('active')
    // begin, the locked read of the subscription, the new session's stream and the owner fact, the write of both streams, commit
    expect(started.statements).toBe(4)
    const ended = await counted(() => endSession(scope, started.result.id))
    expect(ended.result).toMatchObject({ status: 'ended', counted: false })
    expect(ended.statements).toBe(4)
  })

  it('writes a unit of work reading three streams ahead and appending to each in one statement: four in all', async () => {
    const store = createEventStore<Database>({ db: counting.db, registry: eventRegistry, clock })
    const streams = [userStreamId(randomUUID()), userStreamId(randomUUID()), userStreamId(randomUUID())]
    const signIn = { type: 'UserSignedIn', data: { method: 'password' } }
    const { statements } = await counted(() =>
      store.transaction(async (tx) => {
        await tx.readAhead({ streams: streams.map((streamId) => ({ streamId, snapshotKey: undefined })) })
        for (const streamId of streams) await tx.append(streamId, 'no_stream', [signIn], { actor: { type: 'system' } })
      }),
    )
    // begin, the read ahead, the write of the three streams, commit
    expect(statements).toBe(4)
  })

  it('costs at most five statements per appended event, projections included, for eight people at once', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => personWithPlan(runtime)))
    const cycles = 10
    counting.reset()
    await Promise.all(
      people.map(async (scope) => {
        for (let cycle = 0; cycle < cycles; cycle += 1) {
          const session = await startSession(scope, { mode: 'text' })
          await endSession(scope, session.id)
        }
      }),
    )
    await runtime.jobs.settled()
    const appended = people.length * cycles * 4
    const perEvent = counting.statements() / appended
    // The projections still see every session: each one ended, none counted (all inside the grace period).
    await logReadableToItsEnd(runtime.db)
    await runtime.projections.catchUpAll()
    const sessions = await runtime.db
      .selectFrom('interview_sessions_view')
      .select((eb) => eb.fn.countAll<number>().as('ended'))
      .where(
        'user_id',
        'in',
        people.map((scope) => scope.userId),
      )
      .where('status', '=', 'ended')
      .executeTakeFirstOrThrow()
    expect(sessions.ended).toBe(people.length * cycles)
    expect(perEvent).toBeLessThanOrEqual(5)
  })

  const counted = <T>(work: () => Promise<T>) => counting.counted(work)
})

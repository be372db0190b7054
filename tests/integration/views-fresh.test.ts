/**
 * Read-your-writes while another transaction is open: the projectors read the log in commit order,
 * so a question recorded while an older transaction is still open stays unread until that one
 * ends. A follow-up asked meanwhile must still be read against it (the history comes from a view).
 * On PostgreSQL a second connection holds a transaction open from before the first question until
 * shortly after the follow-up is asked; PGlite runs one transaction at a time, so there the
 * follow-up simply comes after the question.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { askQuestion } from '#server/interviews/ask.ts'
import { startSession } from '#server/interviews/interview-sessions.ts'
import { actingAs } from '#server/request-scope.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('a follow-up while an older transaction is open, on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  it('is read against the question recorded just before it', async () => {
    const caller = actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, randomUUID())
    await grantPlan(test.runtime, caller.userId, 'starter')
    await startSession(caller, { mode: 'text' })

    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    let holding: Promise<void> = Promise.resolve()
    if (kind === 'postgres') {
      let held: () => void = () => undefined
      const holds = new Promise<void>((resolve) => (held = resolve))
      holding = test.database.db.transaction().execute(async (trx) => {
        // A transaction id taken now is older than the question's, which the projectors then cannot read.
        await sql`select pg_current_xact_id()`.execute(trx)
        held()
        await released
      })
      await holds
    }
    const first = await askQuestion(caller, { question: 'Tell me about a time you failed.' })
    const followUp = askQuestion(caller, { question: 'And what would you do differently?' })
    await sleep(300)
    release()
    await holding
    expect(await followUp).toMatchObject({ source: 'knowledge-base', matchedQuestion: first.matchedQuestion })
    expect((await followUp).response).toContain('Following up on: Tell me about a time you failed.')
  })
})

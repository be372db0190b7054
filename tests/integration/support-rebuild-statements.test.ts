/**
 * Support's rebuild of a whole view replays the log into copies of its tables. A view SQL can fold
 * takes a range of the log in one statement, so the rebuild's statements grow with the number of
 * batches, not with the number of events (it once applied every event on its own).
 */
import { sql, type KyselyPlugin } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareRebuild } from '#server/support/rebuild-projection.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const events = 3_000
const people = 40

describe.each(databaseKinds)('support rebuilds user_activity from %s in statements per batch', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Raw rows are enough for user_activity, which folds the log in SQL without decoding it.
    await sql`insert into events (stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
      select 'statements-' || (i % ${people}), i / ${people} + 1, 'InterviewCreditUsed', 1, gen_random_uuid(),
        'person-' || (i % ${people}), jsonb_build_object('sessionId', gen_random_uuid(), 'orderId', 'o'),
        jsonb_build_object('actor', jsonb_build_object('type', 'system'), 'userId', 'person-' || (i % ${people})),
        timestamptz '2026-11-21 10:00:00+00' + i * interval '1 second'
      from generate_series(0, ${events - 1}) as i`.execute(test.runtime.db)
  })

  it(`rebuilds ${events.toLocaleString('en-US')} events in a few dozen statements, with the rows the SQL fold gives`, async () => {
    let statements = 0
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements += 1
        return node
      },
      transformResult: ({ result }) => Promise.resolve(result),
    }
    const runtime = { ...test.runtime, db: test.runtime.db.withPlugin(counting) }
    const run = await prepareRebuild(runtime, 'user_activity', 'support-test')
    const done = await run()
    expect(done).toMatchObject({ status: 'done', eventsDone: events })
    expect(statements).toBeLessThan(60)
    const rows = await test.runtime.db
      .selectFrom('user_activity')
      .select(['user_id', 'event_count', 'last_event_type'])
      .orderBy('user_id')
      .execute()
    expect(rows).toHaveLength(people)
    expect(
      rows.every((row) => row.event_count === events / people && row.last_event_type === 'InterviewCreditUsed'),
    ).toBe(true)
  })
})

import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { rangeApplied, rangeEndSql, type RangeEndRow } from '#events/projections/log-range.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

describe.each(databaseKinds)('the end of a log range on %s', (kind) => {
  let database: TestDatabase
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
  })

  it('is its last event in commit order when transaction ids gain a digit within it', async () => {
    // As text, 999 sorts after 1000: a range ending there would be checkpointed inside itself and applied twice.
    const { rows } = await sql<RangeEndRow>`
      with range_parts as (
        select * from (values ('998'::xid8, 3::bigint, 2, 0), ('999'::xid8, 7::bigint, 1, 1), ('1000'::xid8, 5::bigint, 1, 0))
          as parts(transaction_id, global_position, events, wanted))
      ${rangeEndSql()}`.execute(database.db)
    expect(rangeApplied(rows[0])).toEqual({ end: { transactionId: '1000', globalPosition: 5 }, count: 4, wanted: 1 })
  })
})

/**
 * Commit order is (transaction id, position) compared as numbers. A transaction id written out as
 * text sorts by its digits instead ('1000' before '999'), so a range or batch that spans a
 * transaction id with one digit more must still end at its last event in commit order. A new
 * PGlite database crosses 999 → 1000 within its first few hundred writes.
 */
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventRegistry } from '#events/registry.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { startOfLog } from '#events/store/types.ts'
import { systemClock } from '#events/clock.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'

describe.each(databaseKinds)('a range of the log on %s ends at its last event in commit order', (kind) => {
  let database: TestDatabase
  /** The transaction ids of the six events, in commit order, the fourth one with a digit more. */
  let ids: string[] = []
  const teardown = suiteTeardown()
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    const { rows } = await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(database.db)
    const current = BigInt(rows[0]?.id ?? '0')
    // The largest power of ten at least three below the current id: ids around it are all committed.
    let boundary = 10n
    while (boundary * 10n + 3n < current) boundary *= 10n
    ids = [-3n, -2n, -1n, 0n, 1n, 2n].map((offset) => String(boundary + offset))
    for (const [index, id] of ids.entries())
      await sql`insert into events (transaction_id, stream_id, stream_position, type, schema_version, event_id, user_id, data, metadata, created_at)
        values (${id}::xid8, ${`order-${index}`}, 1, 'InterviewCreditUsed', 1, gen_random_uuid(), 'person-1',
          ${JSON.stringify({ sessionId: '5f0c0c55-5b5e-4a59-9b4e-8a3b8a3f3c10', orderId: 'o' })}::jsonb,
          ${JSON.stringify({ actor: { type: 'system' }, userId: 'person-1' })}::jsonb, now())`.execute(database.db)
  })

  it('finds the end of a batch by numbers, not digits', async () => {
    const store = createEventStore({ db: database.db, registry: eventRegistry, clock: systemClock })
    const batch = await store.readBatchEnd(startOfLog, 4)
    expect(batch).toMatchObject({ end: { transactionId: ids[3] }, count: 4 })
    const rest = await store.readBatchEnd(batch?.end ?? startOfLog, 4)
    expect(rest).toMatchObject({ end: { transactionId: ids[5] }, count: 2 })
  })

  it('applies ranges in SQL that meet end to end, each event counted once', async () => {
    const { applyRange } = userActivityProjection
    if (!applyRange) throw new Error('user_activity applies ranges in SQL')
    const first = await database.db.transaction().execute((trx) => applyRange(trx, { after: startOfLog, limit: 4 }))
    expect(first).toMatchObject({ end: { transactionId: ids[3] }, count: 4 })
    const second = await database.db
      .transaction()
      .execute((trx) => applyRange(trx, { after: first?.end ?? startOfLog, limit: 4 }))
    expect(second).toMatchObject({ end: { transactionId: ids[5] }, count: 2 })
    const row = await database.db
      .selectFrom('user_activity')
      .select('event_count')
      .where('user_id', '=', 'person-1')
      .executeTakeFirst()
    expect(row?.event_count).toBe(6)
  })
})

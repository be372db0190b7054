import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '#migrations/index.ts'
import { migrateToLatest } from '#migrations/migrate.ts'
import { openDatabase, type AppDatabase } from '#server/db/open-database.ts'

/** A Razorpay body as the first version stored it whole: the payer's details included. */
const storedBody = (event: string, payment: Record<string, unknown>) => ({
  entity: 'event',
  event,
  created_at: 1_763_000_000,
  payload: {
    payment: {
      entity: {
        entity: 'payment',
        currency: 'INR',
        email: 'meera.iyer@example.com',
        contact: '+919876543210',
        vpa: 'meera@okhdfcbank',
        card: { name: 'Meera Iyer', last4: '1111' },
        notes: { address: '12 MG Road' },
        ...payment,
      },
    },
  },
})

describe('the webhook outcomes migration', () => {
  let database: AppDatabase
  beforeAll(async () => {
    database = openDatabase({ kind: 'pglite', dataDir: null })
    const before = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
      allowUnorderedMigrations: true,
    })
    const { error } = await before.migrateTo('0009-interviews')
    if (error) throw new Error('Could not migrate to 0009', { cause: error })
    const row = (eventId: string, body: object, processed: { outcome: string } | null, attempts: number) => ({
      event_id: eventId,
      provider: 'razorpay',
      event_type: 'payment.captured',
      payload: body,
      received_at: new Date('2026-11-20T10:00:00Z'),
      processed_at: processed ? new Date('2026-11-20T10:00:01Z') : null,
      outcome: processed?.outcome ?? null,
      attempts,
      last_error: processed ? null : 'This order has already been paid with another payment.',
    })
    await sql`insert into webhook_deliveries ${sql.raw('(event_id, provider, event_type, payload, received_at, processed_at, outcome, attempts, last_error)')}
      select * from jsonb_populate_recordset(null::webhook_deliveries, ${JSON.stringify([
        row(
          'evt_paid',
          storedBody('payment.captured', { id: 'pay_1', order_id: 'order_1', amount: 9900 }),
          { outcome: 'paid' },
          1,
        ),
        row(
          'evt_ignored',
          storedBody('payment.captured', { id: 'pay_2', order_id: 'order_x', amount: 100 }),
          { outcome: 'ignored: unknown order' },
          1,
        ),
        row(
          'evt_stuck',
          storedBody('payment.failed', {
            id: 'pay_3',
            order_id: 'order_1',
            amount: 9900,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Card declined',
          }),
          null,
          390,
        ),
      ])}::jsonb)`.execute(database.db)
    await migrateToLatest(database.db)
  })
  afterAll(() => database.close())

  const rowOf = (eventId: string) =>
    database.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow()

  it("strips every stored payload down to the fields processing reads, none of the payer's details", async () => {
    const rows = await database.db.selectFrom('webhook_deliveries').select('payload').execute()
    expect(rows).toHaveLength(3)
    for (const { payload } of rows) {
      const text = JSON.stringify(payload)
      for (const personal of ['meera', 'Meera', '9876543210', '1111', 'MG Road']) expect(text).not.toContain(personal)
    }
    expect((await rowOf('evt_stuck')).payload).toEqual({
      event: 'payment.failed',
      createdAt: 1_763_000_000,
      orderId: 'order_1',
      paymentId: 'pay_3',
      amount: 9900,
      currency: 'INR',
      status: null,
      errorCode: 'BAD_REQUEST_ERROR',
      errorDescription: 'Card declined',
    })
  })

  it('turns the old free-text outcomes into outcomes with details, and makes pending deliveries due at once', async () => {
    expect(await rowOf('evt_paid')).toMatchObject({
      outcome: 'processed',
      outcome_detail: 'paid',
      next_attempt_at: null,
    })
    expect(await rowOf('evt_ignored')).toMatchObject({
      outcome: 'ignored',
      outcome_detail: 'unknown order',
      next_attempt_at: null,
    })
    expect(await rowOf('evt_stuck')).toMatchObject({
      outcome: null,
      attempts: 390,
      next_attempt_at: new Date('2026-11-20T10:00:00Z'),
    })
  })
})

import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { invoiceStreamId } from '#events/invoices/invoice.ts'
import { orderStreamId } from '#events/orders/order.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { invoicesViewProjection } from '#events/projections/invoices-view.ts'
import { ordersViewProjection } from '#events/projections/orders-view.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { expectRebuildsToMatch, rebuildEventByEvent, seededRandom } from '#tests/support/projection-equality.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const batched = [ordersViewProjection, invoicesViewProjection]

describe.each(databaseKinds)('set-based billing views on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-24T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    store = createEventStore({ db: database.db, registry: eventRegistry, clock })
  })

  /** Orders in every state a webhook or the person can leave them (paid, failed, abandoned, expired, paid twice, paid late), some invoiced twice. */
  async function billingWorkload(seed: number) {
    const random = seededRandom(seed)
    const userId = randomUUID()
    const metadata = { actor: { type: 'system' as const }, userId }
    const orders = Array.from({ length: 12 }, () => ({ orderId: randomUUID(), version: 0 }))
    const created = (orderId: string) => ({
      type: 'OrderCreated',
      data: {
        orderId,
        userId,
        planType: 'pro',
        billingCycle: 'monthly',
        amount: 99_900,
        currency: 'INR',
        gateway: 'sandbox',
        receipt: `r-${orderId}`,
        change: { kind: 'new', listPrice: 99_900, credit: 0, fromPlan: null },
      },
    })
    const invoice = (orderId: string, sequence: number) => ({
      type: 'InvoiceIssued',
      data: {
        invoiceNumber: `IH/2026-27/${sequence}`,
        financialYear: '2026-27',
        sequence,
        orderId,
        userId,
        paymentId: `pay-${sequence}`,
        gateway: 'sandbox',
        issuedAt: clock.now().toISOString(),
        seller: { name: 'Seller', address: 'Street', gstin: '29ABCDE1234F1Z5', isSample: true },
        buyer: null,
        planType: 'pro',
        planName: 'Pro',
        periodStart: null,
        periodEnd: null,
        currency: 'INR',
        total: 99_900 + sequence,
        taxableValue: 84_661,
        gstRateBasisPoints: 1800,
        cgst: 7620,
        sgst: 7619,
      },
    })
    for (const order of orders) {
      await appendEvents(store, orderStreamId(order.orderId), 'no_stream', [created(order.orderId)], metadata)
      order.version = 1
    }
    for (let step = 0; step < 50; step += 1) {
      const order = orders[Math.floor(random() * orders.length)]
      if (!order) continue
      const { orderId } = order
      const pick = random()
      clock.advance(60_000)
      if (pick < 0.1) {
        await appendEvents(store, invoiceStreamId(orderId), 'any', [invoice(orderId, step + 1)], metadata)
        continue
      }
      const event =
        pick < 0.18
          ? {
              type: 'PaymentVerified',
              data: { orderId, paymentId: `pay-${step}`, amount: 99_900, verifiedBy: 'webhook' },
            }
          : pick < 0.45
            ? {
                type: 'PaymentFailed',
                data: { orderId, paymentId: random() < 0.5 ? null : `pay-${step}`, reason: 'declined', code: null },
              }
            : pick < 0.52
              ? { type: 'CheckoutAbandoned', data: { orderId } }
              : pick < 0.7
                ? {
                    type: 'OrderExpired',
                    data: { orderId, createdAt: clock.now().toISOString(), expiredAt: clock.now().toISOString() },
                  }
                : pick < 0.9
                  ? {
                      type: 'DuplicatePaymentCaptured',
                      data: {
                        orderId,
                        paymentId: `dup-${step}`,
                        amount: 99_900,
                        reportedBy: 'checkout',
                        reason: 'order-already-paid',
                      },
                    }
                  : created(orderId)
      // Some commits carry two events for one order, so one batch folds several events into one row.
      const events = random() < 0.2 ? [event, created(orderId)] : [event]
      await appendEvents(store, orderStreamId(orderId), order.version, events, metadata)
      order.version += events.length
    }
    // Closed by the person and left so; closed, then paid after all.
    for (const paidLate of [false, true]) {
      const orderId = randomUUID()
      const closed = { type: 'CheckoutAbandoned', data: { orderId } }
      const late = {
        type: 'PaymentVerified',
        data: { orderId, paymentId: `pay-${orderId}`, amount: 99_900, verifiedBy: 'webhook' },
      }
      await appendEvents(
        store,
        orderStreamId(orderId),
        'no_stream',
        [created(orderId), closed, ...(paidLate ? [late] : [])],
        metadata,
      )
    }
    return userId
  }

  const views = async (userId: string) => ({
    orders: await database.db
      .selectFrom('orders_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('order_id')
      .execute(),
    invoices: await database.db
      .selectFrom('invoices_view')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('order_id')
      .execute(),
  })

  it('builds exactly the rows of the event-by-event path, whatever the batch size, per person and caught up live', async () => {
    const live = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: batched, batchSize: 5 })
    await live.catchUpAll()
    const userId = await billingWorkload(41)
    await logReadableToItsEnd(database.db)
    await live.catchUpAll()
    const caughtUp = await views(userId)

    await rebuildEventByEvent(database.db, batched)
    const expected = await views(userId)
    expect(new Set(expected.orders.map((row) => row.status))).toEqual(
      new Set(['created', 'paid', 'failed', 'expired', 'abandoned']),
    )
    expect(expected.orders.some((row) => row.duplicate_payment_ids.length > 1)).toBe(true)
    expect(expected.invoices.length).toBeGreaterThan(1)
    expect(caughtUp).toEqual(expected)

    await expectRebuildsToMatch(database.db, batched, userId, () => views(userId), expected)
  })
})

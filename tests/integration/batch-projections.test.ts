import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fixedClock } from '#events/clock.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { subscriptionsViewProjection } from '#events/projections/subscriptions-view.ts'
import { usagePeriodsProjection } from '#events/projections/usage-periods-view.ts'
import { userActivityProjection } from '#events/projections/user-activity.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { subscriptionStreamId } from '#events/subscriptions/subscription.ts'
import { createTestDatabase, databaseKinds, type TestDatabase } from '#tests/support/databases.ts'
import { createLedgerTable, ledgerProjection, readLedger } from '#tests/support/ledger-projection.ts'
import { rebuildEventByEvent, seededRandom } from '#tests/support/projection-equality.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { appendEvents } from '#tests/support/append-events.ts'
import { logReadableToItsEnd } from '#tests/support/log-readable.ts'

const batched = [userActivityProjection, subscriptionsViewProjection, usagePeriodsProjection]

describe.each(databaseKinds)('set-based projections on %s', (kind) => {
  let database: TestDatabase
  let store: EventStore
  const clock = fixedClock('2026-11-24T10:00:00Z')
  const teardown = suiteTeardown()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    teardown.add(() => database.drop())
    await createLedgerTable(database.db)
    store = createEventStore({ db: database.db, registry: eventRegistry, clock })
  })

  /** Every subscription event type, at random, for a few people: periods, credits, plan changes, expiry. */
  async function subscriptionWorkload(seed: number) {
    const random = seededRandom(seed)
    const people = Array.from({ length: 4 }, () => ({ userId: randomUUID(), orders: [] as string[], version: 0 }))
    const iso = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * 86_400_000).toISOString()
    for (let step = 0; step < 160; step += 1) {
      const person = people[Math.floor(random() * people.length)]
      if (!person) continue
      const order = person.orders.at(-1)
      const pick = random()
      const sessionId = randomUUID()
      let event
      if (!order || pick < 0.12) {
        const orderId = randomUUID()
        person.orders.push(orderId)
        event = {
          type: 'SubscriptionActivated',
          data: {
            userId: person.userId,
            orderId,
            planType: 'pro',
            periodStart: iso(step),
            periodEnd: iso(step + 30),
            interviewsIncluded: 10 + Math.floor(random() * 5),
            carriedOver: Math.floor(random() * 3),
            replacedPlan: null,
            periodValue: 99_900,
          },
        }
      } else if (pick < 0.45) event = { type: 'InterviewCreditUsed', data: { sessionId, orderId: order } }
      else if (pick < 0.7)
        event = {
          type: 'InterviewCreditSettled',
          data: { sessionId, orderId: random() < 0.2 ? null : order, counted: random() < 0.5, reason: 'ended' },
        }
      else if (pick < 0.78)
        event = {
          type: 'SubscriptionExtended',
          data: {
            orderId: randomUUID(),
            periodOrderId: order,
            planType: 'pro',
            previousPeriodEnd: iso(step),
            periodEnd: iso(step + 60),
            interviewsAdded: 5,
            interviewsIncluded: 20,
            valueAdded: 1000,
          },
        }
      else if (pick < 0.85)
        event = {
          type: 'PlanChangeScheduled',
          data: { fromPlan: 'pro', toPlan: 'starter', effectiveAt: iso(step + 3) },
        }
      else if (pick < 0.9)
        event = { type: 'PlanChangeCancelled', data: { toPlan: 'starter', effectiveAt: iso(step + 3) } }
      else if (pick < 0.95)
        event = { type: 'PlanChangeApplied', data: { fromPlan: 'pro', toPlan: 'starter', effectiveAt: iso(step) } }
      else event = { type: 'SubscriptionExpired', data: { planType: 'pro', periodEnd: iso(step) } }
      clock.advance(60_000)
      const metadata = { actor: { type: 'system' as const }, userId: person.userId }
      // Some commits carry two events, so one batch folds several events into one row.
      const events =
        random() < 0.2
          ? [event, { type: 'InterviewCreditUsed', data: { sessionId, orderId: order ?? 'none' } }]
          : [event]
      await appendEvents(
        store,
        subscriptionStreamId(person.userId),
        person.version === 0 ? 'no_stream' : person.version,
        events,
        metadata,
      )
      person.version += events.length
    }
    return people.map((person) => person.userId)
  }

  const views = async (userIds: string[]) => ({
    activity: await database.db
      .selectFrom('user_activity')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .execute(),
    subscriptions: await database.db
      .selectFrom('subscriptions_view')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .execute(),
    usage: await database.db
      .selectFrom('usage_periods_view')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('order_id')
      .execute(),
  })

  it('builds exactly the rows of the event-by-event path, whatever the batch size, and per person', async () => {
    const userIds = await subscriptionWorkload(17)
    await logReadableToItsEnd(database.db)
    await rebuildEventByEvent(database.db, batched)
    const expected = await views(userIds)
    expect(expected.subscriptions.length).toBeGreaterThan(0)
    expect(expected.usage.length).toBeGreaterThan(0)
    expect(expected.usage.some((row) => row.used > 0 && row.given_back > 0)).toBe(true)

    for (const batchSize of [7, 5000]) {
      const setBased = new ProjectionRunner({
        db: database.db,
        registry: eventRegistry,
        projections: batched,
        batchSize,
      })
      for (const projection of batched) await setBased.rebuild(projection.name)
      expect(await views(userIds)).toEqual(expected)
    }

    const setBased = new ProjectionRunner({ db: database.db, registry: eventRegistry, projections: batched })
    for (const userId of userIds) await setBased.rebuildUser(userId)
    expect(await views(userIds)).toEqual(expected)
  })

  it('catches up live in batches to the rows of the event-by-event path', async () => {
    const setBased = new ProjectionRunner({
      db: database.db,
      registry: eventRegistry,
      projections: batched,
      batchSize: 11,
    })
    await setBased.catchUpAll()
    const userIds = await subscriptionWorkload(29)
    await logReadableToItsEnd(database.db)
    await setBased.catchUpAll()
    const caughtUp = await views(userIds)
    await rebuildEventByEvent(database.db, batched)
    expect(caughtUp).toEqual(await views(userIds))
  })

  it('halts a batch projection just before the event it cannot apply, and resumes there once fixed', async () => {
    const counterStore = createEventStore({ db: database.db, registry: eventRegistry, clock })
    const userId = randomUUID()
    const streamId = subscriptionStreamId(userId)
    const ledger = ledgerProjection(`ledger_${randomUUID().slice(0, 8)}`, {
      eventTypes: ['InterviewCreditUsed'],
      poisoned: (event) => event.data.sessionId === 'poison',
      batch: true,
    })
    const log = { debug: vi.fn(), info: vi.fn(), error: vi.fn() }
    const runner = new ProjectionRunner({
      db: database.db,
      registry: eventRegistry,
      projections: [ledger, userActivityProjection],
      log,
      now: () => clock.now(),
    })
    await runner.catchUpAll()
    const earlier = (await readLedger(database.db, ledger.name)).length
    const ledgerNow = async () => (await readLedger(database.db, ledger.name)).slice(earlier)
    const used = (sessionId: string) => ({ type: 'InterviewCreditUsed', data: { sessionId, orderId: 'o' } })
    const metadata = { actor: { type: 'system' as const }, userId }
    await appendEvents(counterStore, streamId, 'no_stream', [used('a'), used('b')], metadata)
    await appendEvents(counterStore, streamId, 2, [used('poison')], metadata)
    await appendEvents(counterStore, streamId, 3, [used('c')], metadata)
    const [one, two, poison, after] = await counterStore.readStream(streamId)
    if (!one || !two || !poison || !after) throw new Error('the stream was not written')
    await logReadableToItsEnd(database.db)

    const results = await runner.catchUpAll()
    expect(results.find((result) => result.projection === ledger.name)).toMatchObject({
      checkpoint: { transactionId: two.transactionId, globalPosition: two.globalPosition },
      stuck: { eventId: poison.eventId, attempts: 1 },
    })
    expect(results.find((result) => result.projection === 'user_activity')?.stuck).toBeUndefined()
    expect(await ledgerNow()).toEqual([one.globalPosition, two.globalPosition])
    const activity = await database.db
      .selectFrom('user_activity')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst()
    expect(activity?.event_count).toBe(4)

    ledger.fix()
    const resumed = await runner.retryNow(ledger.name)
    expect(resumed.stuck).toBeUndefined()
    expect(await ledgerNow()).toEqual([
      one.globalPosition,
      two.globalPosition,
      poison.globalPosition,
      after.globalPosition,
    ])
  })
})

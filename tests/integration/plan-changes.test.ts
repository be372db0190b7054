import { randomUUID } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { createJobFunctions } from '#inngest/functions/job-functions.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { eventsAppendedEvent } from '#server/jobs/projection-jobs.ts'
import { createOrder } from '#server/payments/create-order.ts'
import { expireOrders } from '#server/payments/expire-orders.ts'
import { expireSubscriptions } from '#server/payments/expire-subscriptions.ts'
import { paymentJobs } from '#server/payments/payment-jobs.ts'
import { completeSandboxCheckout } from '#server/payments/sandbox-checkout.ts'
import { verifyPayment } from '#server/payments/verify-payment.ts'
import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { actingAs, type SignedInScope } from '#server/request-scope.ts'
import { previewPlanChanges, schedulePlanChange } from '#server/subscriptions/plan-changes.ts'
import { readSubscription } from '#server/subscriptions/read-subscription.ts'
import { viewsFresh } from '#server/views-fresh.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

const dayMs = 24 * 60 * 60 * 1000
const minuteMs = 60 * 1000

describe.each(databaseKinds)('plan changes and expiring orders on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Expiry runs only when a test runs it (wake-ups still run the projectors and the webhook job).
    test.runtime.jobs.stop()
  })

  const callerFor = (userId = randomUUID()): SignedInScope =>
    actingAs({ runtime: test.runtime, requestId: randomUUID(), clientIp: '127.0.0.1' }, userId)

  const refusal = async (work: Promise<unknown>) => {
    const error: unknown = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`)
    return { code: error.code, message: error.message }
  }

  const subscriptionOf = (userId: string) =>
    readSubscription(test.runtime.db, test.runtime.clock, userId, () => viewsFresh(test.runtime))

  /** Pays an order in the sandbox checkout: its webhook and the checkout's verify call. */
  async function pay(caller: SignedInScope, orderId: string) {
    const answer = await completeSandboxCheckout(caller, { orderId, outcome: 'success' })
    if (answer.outcome !== 'success') throw new Error('sandbox payment failed')
    await verifyPayment(caller, {
      orderId,
      paymentId: answer.result.razorpay_payment_id,
      signature: answer.result.razorpay_signature,
    })
    await test.runtime.jobs.settled()
  }

  /**
   * Views follow the events: on a PostgreSQL server shared with other work, a transaction elsewhere
   * can hold the projectors back for a moment, so a view is read until it shows what the stream decided.
   */
  const eventually = (check: () => Promise<unknown>) =>
    vi.waitFor(
      async () => {
        test.runtime.jobs.wake(eventsAppendedEvent)
        await viewsFresh(test.runtime)
        await check()
      },
      { timeout: 10_000, interval: 50 },
    )

  const orderRow = (orderId: string) =>
    test.runtime.db.selectFrom('orders_view').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()

  it('charges an upgrade the new price less the unused value, in the order and at the gateway, and starts it now', async () => {
    test.clock.set('2026-11-21T10:00:00Z')
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    test.clock.advance(10 * dayMs)

    const preview = await previewPlanChanges(caller)
    expect(preview.currentPlan).toBe('starter')
    // 20 of 30 days unused of ₹99: 6600 paise off ₹499.
    expect(preview.changes.find((change) => change.planType === 'pro')).toMatchObject({
      kind: 'upgrade',
      listPrice: 49900,
      credit: 6600,
      amountDue: 43300,
    })

    // Never a price the person was not shown: an order for what they confirmed, or none.
    expect(await refusal(createOrder(caller, { planType: 'pro', expectedAmount: 49900 }))).toMatchObject({
      code: 'plan-change-refused',
      message: 'The price is now ₹433, not the ₹499 you were shown: please look at it again and confirm.',
    })
    const order = await createOrder(caller, { planType: 'pro', expectedAmount: 43300 })
    expect(order.amount).toBe(43300)
    expect(order.description).toMatch(/₹499 less ₹66 unused from your Starter period/)
    await viewsFresh(test.runtime)
    await eventually(async () => expect(await orderRow(order.id)).toMatchObject({ amount: 43300, status: 'created' }))

    await pay(caller, order.id)
    await eventually(async () => expect(await orderRow(order.id)).toMatchObject({ amount: 43300, status: 'paid' }))
    await eventually(async () => expect((await subscriptionOf(caller.userId)).subscription.planType).toBe('pro'))
    expect((await subscriptionOf(caller.userId)).subscription).toMatchObject({
      planType: 'pro',
      isActive: true,
      currentPeriodStart: '2026-12-01T10:00:00.000Z',
      interviewsIncluded: 25,
    })
    const read = await subscriptionOf(caller.userId)
    expect(read.features.maxInterviews).toBe(read.subscription.interviewsIncluded)
  })

  it('refuses a payment of the full price for a prorated order: verification checks the prorated amount', async () => {
    test.clock.set('2026-11-21T10:00:00Z')
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'starter')
    test.clock.advance(10 * dayMs)
    const order = await createOrder(caller, { planType: 'pro' })
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_full_price', order_id: order.id, amount: 49900, status: 'captured' } } },
    })
    await receiveRazorpayWebhook(
      test.runtime,
      body,
      new Headers({
        'x-razorpay-signature': await sandbox.signWebhook(body),
        'x-razorpay-event-id': `evt_${randomUUID()}`,
      }),
    )
    await test.runtime.jobs.settled()
    await eventually(async () => expect(await orderRow(order.id)).toMatchObject({ status: 'failed' }))
    expect((await subscriptionOf(caller.userId)).subscription.planType).toBe('starter')
  })

  it('schedules a downgrade with nothing to pay, and the lower plan takes over when the period ends', async () => {
    test.clock.set('2026-11-21T10:00:00Z')
    const caller = callerFor()
    await grantPlan(test.runtime, caller.userId, 'pro')
    test.clock.advance(5 * dayMs)

    expect(await refusal(createOrder(caller, { planType: 'starter' }))).toMatchObject({
      code: 'plan-change-refused',
      message: expect.stringContaining('scheduled for the end of your period (December 21, 2026)') as unknown,
    })
    const scheduled = await schedulePlanChange(caller, 'starter')
    expect(scheduled.scheduledChange).toEqual({ planType: 'starter', effectiveAt: '2026-12-21T10:00:00.000Z' })
    await eventually(async () =>
      expect((await subscriptionOf(caller.userId)).subscription.scheduledChange).not.toBeNull(),
    )
    const during = await subscriptionOf(caller.userId)
    expect(during.subscription).toMatchObject({
      planType: 'pro',
      interviewsIncluded: 25,
      scheduledChange: { planType: 'starter', effectiveAt: '2026-12-21T10:00:00.000Z' },
    })
    expect(during.features.maxInterviews).toBe(25)

    test.clock.set('2026-12-21T10:00:01Z')
    // Read before the expiry job runs: the lower plan already shows.
    expect((await subscriptionOf(caller.userId)).subscription).toMatchObject({
      planType: 'starter',
      isActive: false,
      interviewsIncluded: 0,
      scheduledChange: null,
    })
    await expireSubscriptions(test.runtime)
    const types = await test.runtime.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `subscription-${caller.userId}`)
      .orderBy('stream_position')
      .execute()
    expect(types.map((row) => row.type).slice(-3)).toEqual([
      'PlanChangeScheduled',
      'SubscriptionExpired',
      'PlanChangeApplied',
    ])
    await eventually(async () =>
      expect((await subscriptionOf(caller.userId)).subscription).toMatchObject({
        planType: 'starter',
        status: 'expired',
      }),
    )
  })

  it('expires an order not paid within 30 minutes, by the job, and still honours its late payment', async () => {
    test.clock.set('2026-11-21T10:00:00Z')
    const caller = callerFor()
    const order = await createOrder(caller, { planType: 'professional' })
    test.clock.advance(29 * minuteMs)
    await expireOrders(test.runtime)
    await viewsFresh(test.runtime)
    await eventually(async () =>
      expect(await orderRow(order.id)).toMatchObject({ status: 'created', expired_at: null }),
    )

    test.clock.advance(1 * minuteMs)
    const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
    const expiryFunction = createJobFunctions(
      client,
      paymentJobs(() => test.runtime),
    ).find((fn) => fn.id() === 'expire-orders')
    if (!expiryFunction) throw new Error('no order expiry function')
    const run = await new InngestTestEngine({ function: expiryFunction }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: { cron: '* * * * *' } }],
    })
    expect(run.error).toBeUndefined()
    expect(run.result).toMatchObject({ expired: 1 })
    await viewsFresh(test.runtime)
    await eventually(async () => expect(await orderRow(order.id)).toMatchObject({ status: 'expired' }))

    // The customer completes the checkout anyway: Razorpay captured the money, so the plan is granted.
    test.clock.advance(5 * minuteMs)
    await pay(caller, order.id)
    await eventually(async () => expect(await orderRow(order.id)).toMatchObject({ status: 'paid' }))
    await eventually(async () =>
      expect((await subscriptionOf(caller.userId)).subscription.planType).toBe('professional'),
    )
    expect((await subscriptionOf(caller.userId)).subscription).toMatchObject({
      planType: 'professional',
      isActive: true,
      interviewsIncluded: 15,
    })
    // A rerun finds nothing more to expire.
    expect(await expireOrders(test.runtime)).toEqual({ expired: 0 })
  })
})

import { createHash, randomBytes } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderCommands } from '#events/orders/order-decider.ts'
import { createJobFunctions } from '#inngest/functions/job-functions.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { paymentJobs } from '#server/payments/payment-jobs.ts'
import { userHistory } from '#server/support/user-history.ts'
import type { SupportStaff } from '#server/support/timeline/support-staff.ts'
import { processWebhookDeliveries } from '#server/payments/process-webhook-deliveries.ts'
import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { webhookProcessingEvent } from '#server/payments/webhook-events.ts'
import { webhookRetryPolicy } from '#server/payments/webhook-retry-policy.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const supportStaff: SupportStaff = { staffId: 'u-support', via: 'web', requestId: 'request-support' }

describe.each(databaseKinds)('Razorpay webhook deliveries on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Only the runs a test starts may process deliveries here, not the in-process scheduler.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  const order = () => createTestOrder(test.runtime, 'u-webhook')

  async function deliverBody(body: string, eventId = `evt_${randomBytes(6).toString('hex')}`) {
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    await receiveRazorpayWebhook(
      test.runtime,
      body,
      new Headers({ 'x-razorpay-signature': await sandbox.signWebhook(body), 'x-razorpay-event-id': eventId }),
    )
    return eventId
  }

  const deliver = (event: string, payment: Record<string, unknown>) =>
    deliverBody(JSON.stringify({ event, payload: { payment: { entity: payment } } }))

  const deliveryOf = (eventId: string) =>
    test.runtime.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow()

  const eventsOf = async (orderId: string, type: string) =>
    (
      await test.runtime.db
        .selectFrom('events')
        .select('data')
        .where('stream_id', '=', `order-${orderId}`)
        .where('type', '=', type)
        .execute()
    ).map((row) => row.data)

  /** Pending deliveries left over from earlier tests would only make the counts below harder to read. */
  async function finishPending() {
    await test.runtime.db
      .updateTable('webhook_deliveries')
      .set({ outcome: 'ignored', outcome_detail: 'test clean-up', next_attempt_at: null })
      .where('outcome', 'is', null)
      .execute()
  }

  const processFunction = () => {
    const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
    const found = createJobFunctions(
      client,
      paymentJobs(() => test.runtime),
    ).find((fn) => fn.id() === 'process-razorpay-webhooks')
    if (!found) throw new Error('no webhook function')
    return found
  }

  it('applies stored deliveries as an Inngest function when woken, and a rerun from cron changes nothing', async () => {
    await finishPending()
    const orderId = await order()
    const captured = await deliver('payment.captured', { id: 'pay_test_1', order_id: orderId, amount: 9900 })
    const paid = await deliver('order.paid', { id: 'pay_test_1', order_id: orderId, amount: 9900 })
    const first = await new InngestTestEngine({ function: processFunction() }).execute({
      events: [{ name: webhookProcessingEvent, data: {} }],
    })
    expect(first.error).toBeUndefined()
    expect(first.result).toMatchObject({ processed: 2, retrying: 0, failed: 0 })
    expect((await orderCommands.load(test.runtime.store, orderId)).state).toMatchObject({
      status: 'paid',
      paymentId: 'pay_test_1',
    })
    expect(await deliveryOf(captured)).toMatchObject({ outcome: 'processed', outcome_detail: 'order paid' })
    expect(await deliveryOf(paid)).toMatchObject({ outcome: 'processed', next_attempt_at: null, attempts: 1 })
    const again = await new InngestTestEngine({ function: processFunction() }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
    })
    expect(again.result).toEqual({ processed: 0, ignored: 0, 'duplicate-payment': 0, failed: 0, retrying: 0 })
  })

  it('records a second capture for a paid order as a duplicate payment to refund, once, and does not retry it', async () => {
    await finishPending()
    const orderId = await order()
    await deliver('payment.captured', { id: 'pay_test_first', order_id: orderId, amount: 9900 })
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ processed: 1 })

    const second = await deliver('payment.captured', { id: 'pay_test_second', order_id: orderId, amount: 9900 })
    const secondAgain = await deliver('order.paid', { id: 'pay_test_second', order_id: orderId, amount: 9900 })
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ 'duplicate-payment': 2, retrying: 0 })
    expect(await deliveryOf(second)).toMatchObject({
      outcome: 'duplicate-payment',
      outcome_detail: 'order already paid with pay_test_first; pay_test_second needs a refund',
      attempts: 1,
      next_attempt_at: null,
      last_error: null,
    })
    expect((await deliveryOf(secondAgain)).outcome).toBe('duplicate-payment')
    expect(await eventsOf(orderId, 'DuplicatePaymentCaptured')).toEqual([
      { orderId, paymentId: 'pay_test_second', amount: 9900, reportedBy: 'webhook', reason: 'order-already-paid' },
    ])
    expect((await orderCommands.load(test.runtime.store, orderId)).state).toMatchObject({
      status: 'paid',
      paymentId: 'pay_test_first',
    })
    // Support finds it in the person's history, to refund it.
    const history = await userHistory(test.runtime, supportStaff, 'u-webhook')
    expect(history.events.filter((event) => event.type === 'DuplicatePaymentCaptured')).toContainEqual(
      expect.objectContaining({
        streamId: `order-${orderId}`,
        actor: { type: 'webhook', id: second },
        data: {
          orderId,
          paymentId: 'pay_test_second',
          amount: 9900,
          reportedBy: 'webhook',
          reason: 'order-already-paid',
        },
      }),
    )
    // ...and that reading is on the record, as support's own event in the person's history.
    expect((await userHistory(test.runtime, supportStaff, 'u-webhook')).events).toContainEqual(
      expect.objectContaining({ type: 'SupportHistoryOpened', actor: { type: 'support', id: 'u-support' } }),
    )
    // Nothing is left to try again, however much later the job runs.
    test.clock.advance(webhookRetryPolicy.maxDelayMs * 2)
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ 'duplicate-payment': 0, retrying: 0 })
  })

  it('ignores, with the reason, events we do not act on and orders we never created', async () => {
    await finishPending()
    const refund = await deliverBody(JSON.stringify({ event: 'refund.processed', payload: {} }))
    const stranger = await deliver('payment.captured', { id: 'pay_x', order_id: 'order_elsewhere', amount: 100 })
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ ignored: 2 })
    expect(await deliveryOf(refund)).toMatchObject({
      outcome: 'ignored',
      outcome_detail: 'refund.processed is not an event we act on',
    })
    expect(await deliveryOf(stranger)).toMatchObject({ outcome: 'ignored', outcome_detail: 'unknown order' })
  })

  it('keeps a delivery pending with its error through an outage and applies it once its next attempt is due', async () => {
    await finishPending()
    const orderId = await order()
    const eventId = await deliver('payment.captured', { id: 'pay_test_2', order_id: orderId, amount: 9900 })
    const original = { transaction: test.runtime.store.transaction, warn: test.runtime.log.warn }
    const warnings: { message: string; fields?: Record<string, unknown> }[] = []
    test.runtime.store.transaction = () => Promise.reject(new Error('database unavailable'))
    test.runtime.log.warn = (message, fields) => warnings.push({ message, ...(fields ? { fields } : {}) })
    try {
      const failed = await new InngestTestEngine({ function: processFunction() }).execute({
        events: [{ name: webhookProcessingEvent, data: {} }],
      })
      expect(failed.result).toMatchObject({ retrying: 1 })
    } finally {
      test.runtime.store.transaction = original.transaction
      test.runtime.log.warn = original.warn
    }
    const pending = await deliveryOf(eventId)
    expect(pending).toMatchObject({ outcome: null, attempts: 1, last_error: 'database unavailable' })
    // Operators see each retry in the log: which delivery, which attempt, when the next one is.
    expect(warnings).toEqual([
      {
        message: 'webhook delivery failed; it will be tried again',
        fields: {
          deliveryId: eventId,
          attempt: 1,
          nextAttemptAt: pending.next_attempt_at?.toISOString(),
          error: 'database unavailable',
        },
      },
    ])
    const waitMs = (pending.next_attempt_at?.getTime() ?? 0) - test.clock.now().getTime()
    expect(waitMs).toBeGreaterThanOrEqual(webhookRetryPolicy.firstDelayMs / 2)
    expect(waitMs).toBeLessThanOrEqual(webhookRetryPolicy.firstDelayMs)

    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ processed: 0, retrying: 0 })
    test.clock.advance(waitMs)
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ processed: 1 })
    expect(await deliveryOf(eventId)).toMatchObject({ outcome: 'processed', attempts: 2, last_error: null })
    expect((await orderCommands.load(test.runtime.store, orderId)).state.status).toBe('paid')
  })

  it('lets a valid delivery through in the next run behind 100 poisoned ones, which back off and end failed', async () => {
    await finishPending()
    const receivedAt = new Date(test.clock.now().getTime() - 60_000)
    const poisoned = Array.from({ length: 100 }, (_, index) => `evt_poisoned_${kind}_${index}`)
    // Rows no processing can apply (a payload that no longer parses), stored before the valid one.
    await test.runtime.db
      .insertInto('webhook_deliveries')
      .values(
        poisoned.map((eventId) => ({
          event_id: eventId,
          provider: 'razorpay',
          event_type: 'payment.captured',
          payload: JSON.stringify({ event: 'payment.captured', broken: true }),
          body_sha256: null,
          received_at: receivedAt,
          attempts: 0,
          next_attempt_at: receivedAt,
        })),
      )
      .execute()
    const orderId = await order()
    const valid = await deliver('payment.captured', { id: 'pay_test_valid', order_id: orderId, amount: 9900 })

    const runs = [await processWebhookDeliveries(test.runtime)]
    expect(runs[0]).toMatchObject({ processed: 0, retrying: 100 })
    runs.push(await processWebhookDeliveries(test.runtime))
    expect(runs[1]).toMatchObject({ processed: 1, retrying: 0 })
    expect(await deliveryOf(valid)).toMatchObject({ outcome: 'processed', attempts: 1 })
    expect((await orderCommands.load(test.runtime.store, orderId)).state.status).toBe('paid')

    const waits = await test.runtime.db
      .selectFrom('webhook_deliveries')
      .select('next_attempt_at')
      .where('event_id', 'in', poisoned)
      .execute()
    // Jitter: the 100 do not all come back at the same moment.
    expect(new Set(waits.map((row) => row.next_attempt_at?.getTime())).size).toBeGreaterThan(50)

    for (let attempt = 2; attempt <= webhookRetryPolicy.maxAttempts; attempt += 1) {
      test.clock.advance(webhookRetryPolicy.maxDelayMs)
      const run = await processWebhookDeliveries(test.runtime)
      const last = attempt === webhookRetryPolicy.maxAttempts
      expect(run).toMatchObject(last ? { failed: 100, retrying: 0 } : { failed: 0, retrying: 100 })
    }
    const ends = await test.runtime.db
      .selectFrom('webhook_deliveries')
      .select(['outcome', 'attempts', 'last_error', 'next_attempt_at'])
      .where('event_id', 'in', poisoned)
      .execute()
    expect(ends).toHaveLength(100)
    for (const end of ends) {
      expect(end).toMatchObject({
        outcome: 'failed',
        attempts: webhookRetryPolicy.maxAttempts,
        next_attempt_at: null,
      })
      expect(end.last_error).toMatch(/orderId|expected/)
    }
    test.clock.advance(webhookRetryPolicy.maxDelayMs)
    expect(await processWebhookDeliveries(test.runtime)).toMatchObject({ failed: 0, retrying: 0 })
  })

  it('never lets two concurrent runs take the same delivery', async () => {
    await finishPending()
    const orders = await Promise.all(Array.from({ length: 20 }, () => order()))
    const eventIds = []
    for (const [index, orderId] of orders.entries())
      eventIds.push(await deliver('payment.captured', { id: `pay_test_c${index}`, order_id: orderId, amount: 9900 }))
    const runs = await Promise.all([processWebhookDeliveries(test.runtime), processWebhookDeliveries(test.runtime)])
    expect(runs.reduce((sum, run) => sum + run.processed, 0)).toBe(20)
    const attempts = await test.runtime.db
      .selectFrom('webhook_deliveries')
      .select('attempts')
      .where('event_id', 'in', eventIds)
      .execute()
    expect(attempts.map((row) => row.attempts)).toEqual(eventIds.map(() => 1))
  })

  it("stores only the fields processing needs, none of the payer's details, and a hash of the body", async () => {
    const orderId = await order()
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.captured',
      contains: ['payment'],
      created_at: 1_763_000_000,
      payload: {
        payment: {
          entity: {
            id: 'pay_test_pii',
            entity: 'payment',
            amount: 9900,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
            method: 'card',
            card_id: 'card_DzAtL2H5rBp1bO',
            card: { id: 'card_DzAtL2H5rBp1bO', name: 'Meera Iyer', last4: '1111', network: 'Visa', issuer: 'HDFC' },
            vpa: 'meera@okhdfcbank',
            bank: null,
            wallet: null,
            email: 'meera.iyer@example.com',
            contact: '+919876543210',
            notes: { address: '12 MG Road, Bengaluru' },
            error_code: null,
            error_description: null,
          },
        },
      },
    })
    const eventId = await deliverBody(body)
    const stored = await deliveryOf(eventId)
    expect(stored.payload).toEqual({
      event: 'payment.captured',
      createdAt: 1_763_000_000,
      orderId,
      paymentId: 'pay_test_pii',
      amount: 9900,
      currency: 'INR',
      status: 'captured',
      errorCode: null,
      errorDescription: null,
    })
    const row = JSON.stringify(stored)
    for (const personal of ['meera', 'Meera', '9876543210', '1111', 'card_', 'MG Road', 'okhdfc'])
      expect(row).not.toContain(personal)
    expect(stored.body_sha256).toBe(createHash('sha256').update(body).digest('hex'))
  })
})

import { randomBytes } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { createJobFunctions } from '#inngest/functions/job-functions.ts'
import { paymentJobs } from '#server/payments/payment-jobs.ts'
import { receiveRazorpayWebhook, webhookProcessingEvent } from '#server/payments/webhook-deliveries.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { handleCommand, loadAggregate } from '#events/store/command-handler.ts'

describe('the Razorpay webhook Inngest function', () => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime('pglite')
    teardown.add(() => test.close())
    // Only the Inngest function under test may process deliveries here, not the in-process scheduler.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  async function order(): Promise<string> {
    const orderId = `order_test_${randomBytes(7).toString('hex')}`
    await test.runtime.store.transaction((tx) =>
      handleCommand(
        tx,
        orderAggregate,
        orderId,
        {
          type: 'CreateOrder',
          owner: { userId: 'u-webhook', erased: false },
          data: {
            orderId,
            userId: 'u-webhook',
            planType: 'starter',
            billingCycle: 'monthly',
            amount: 9900,
            currency: 'INR',
            gateway: 'sandbox',
            receipt: 'r',
          },
        },
        { actor: { type: 'system' }, userId: 'u-webhook' },
      ),
    )
    return orderId
  }

  async function deliver(event: string, payment: Record<string, unknown>) {
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const body = JSON.stringify({ event, payload: { payment: { entity: payment } } })
    return receiveRazorpayWebhook(
      test.runtime,
      body,
      new Headers({
        'x-razorpay-signature': await sandbox.signWebhook(body),
        'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
      }),
    )
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

  it('applies stored deliveries when woken, and a rerun from cron changes nothing', async () => {
    const orderId = await order()
    await deliver('payment.captured', { id: 'pay_test_1', order_id: orderId, amount: 9900 })
    await deliver('order.paid', { id: 'pay_test_1', order_id: orderId, amount: 9900 })
    const first = await new InngestTestEngine({ function: processFunction() }).execute({
      events: [{ name: webhookProcessingEvent, data: {} }],
    })
    expect(first.error).toBeUndefined()
    expect((await loadAggregate(test.runtime.store, orderAggregate, orderId)).state).toMatchObject({
      status: 'paid',
      paymentId: 'pay_test_1',
    })
    const again = await new InngestTestEngine({ function: processFunction() }).execute({
      events: [{ name: 'inngest/scheduled.timer', data: {} }],
    })
    expect(again.result).toEqual({ processed: 0, failed: 0 })
  })

  it('fails, so Inngest retries, while a delivery cannot be applied; the delivery stays pending with its error', async () => {
    const orderId = await order()
    await deliver('payment.captured', { id: 'pay_test_2', order_id: orderId, amount: 9900 })
    // Break the store for one run, as an outage would.
    const original = test.runtime.store.transaction
    test.runtime.store.transaction = () => Promise.reject(new Error('database unavailable'))
    try {
      const failed = await new InngestTestEngine({ function: processFunction() }).execute({
        events: [{ name: webhookProcessingEvent, data: {} }],
      })
      expect(JSON.stringify(failed.error)).toMatch(/Webhook deliveries failed and will be retried/)
    } finally {
      test.runtime.store.transaction = original
    }
    const pending = await test.runtime.db
      .selectFrom('webhook_deliveries')
      .select(['last_error', 'processed_at'])
      .where('processed_at', 'is', null)
      .execute()
    expect(pending[0]?.last_error).toBe('database unavailable')
    const retried = await new InngestTestEngine({ function: processFunction() }).execute({
      events: [{ name: webhookProcessingEvent, data: {} }],
    })
    expect(retried.error).toBeUndefined()
    expect((await loadAggregate(test.runtime.store, orderAggregate, orderId)).state.status).toBe('paid')
  })
})

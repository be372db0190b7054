import { randomBytes } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { orderCommands } from '#events/orders/order-decider.ts'
import { createDeliveryFunction } from '#inngest/functions/razorpay-delivery-function.ts'
import { silentInstanceMs, startLiveInstance } from '#server/idempotency/live-instances.ts'
import { claimDelivery } from '#server/payments/delivery-claims.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { markDeliveryFailed } from '#server/payments/process-delivery.ts'
import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { deliveryReceivedEvent } from '#server/payments/webhook-events.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

describe.each(databaseKinds)('the Inngest function for one Razorpay delivery on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Only the runs a test starts may process deliveries here, not the in-process scheduler.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  const client = createInngestClient({ mode: 'dev', eventKey: undefined, signingKey: undefined, baseUrl: undefined })
  const run = (deliveryId: string) =>
    new InngestTestEngine({ function: createDeliveryFunction(client, test.runtime) }).execute({
      events: [{ name: deliveryReceivedEvent, id: deliveryId, data: { deliveryId } }],
    })

  const order = () => createTestOrder(test.runtime, 'u-delivery')

  async function deliverCapture(orderId: string): Promise<string> {
    const sandbox = test.runtime.payments.sandbox
    if (!sandbox) throw new Error('expected the sandbox gateway')
    const eventId = `evt_${randomBytes(6).toString('hex')}`
    const paymentId = `pay_test_${randomBytes(5).toString('hex')}`
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: 9900 } } },
    })
    await receiveRazorpayWebhook(
      test.runtime,
      body,
      new Headers({ 'x-razorpay-signature': await sandbox.signWebhook(body), 'x-razorpay-event-id': eventId }),
    )
    return eventId
  }

  const deliveryOf = (eventId: string) =>
    test.runtime.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow()

  async function failingTransactions<T>(error: Error, body: () => Promise<T>): Promise<T> {
    const original = test.runtime.store.transaction
    test.runtime.store.transaction = () => Promise.reject(error)
    try {
      return await body()
    } finally {
      test.runtime.store.transaction = original
    }
  }

  it('applies its delivery in one step and answers the outcome; a second run of the same delivery applies nothing', async () => {
    const orderId = await order()
    const deliveryId = await deliverCapture(orderId)
    const first = await run(deliveryId)
    expect(first.error).toBeUndefined()
    expect(first.result).toEqual({ deliveryId, outcome: 'processed', detail: 'order paid' })
    expect((await orderCommands.load(test.runtime.store, orderId)).state.status).toBe('paid')
    const second = await run(deliveryId)
    expect(second.result).toEqual({ deliveryId, outcome: 'processed', detail: 'order paid' })
    expect(await deliveryOf(deliveryId)).toMatchObject({ outcome: 'processed', attempts: 1, next_attempt_at: null })
  })

  it('throws a failing attempt with its message, for Inngest to retry, and leaves the delivery claimable', async () => {
    const orderId = await order()
    const deliveryId = await deliverCapture(orderId)
    const failed = await failingTransactions(new Error('database unavailable'), () => run(deliveryId))
    expect(failed.result).toBeUndefined()
    expect(failed.error).toMatchObject({ message: 'database unavailable' })
    const pending = await deliveryOf(deliveryId)
    expect(pending).toMatchObject({ outcome: null, attempts: 1, last_error: 'database unavailable' })
    expect(pending.next_attempt_at?.getTime()).toBeLessThanOrEqual(test.clock.now().getTime())
    const retried = await run(deliveryId)
    expect(retried.result).toMatchObject({ outcome: 'processed' })
    expect(await deliveryOf(deliveryId)).toMatchObject({ attempts: 2, last_error: null })
  })

  it('makes a refusal final at once (NonRetriableError) and records the delivery failed', async () => {
    const deliveryId = await deliverCapture(await order())
    const refused = await failingTransactions(new DomainError('bad-request', 'refused by the order'), () =>
      run(deliveryId),
    )
    expect(refused.error).toMatchObject({ name: 'NonRetriableError', message: 'refused by the order' })
    expect(await deliveryOf(deliveryId)).toMatchObject({ outcome: 'failed', last_error: 'refused by the order' })
  })

  it('does not work on a delivery another run holds, and fails that attempt to be retried', async () => {
    const deliveryId = await deliverCapture(await order())
    expect(await claimDelivery(test.runtime, deliveryId)).toMatchObject({ event_id: deliveryId, attempts: 1 })
    const held = await run(deliveryId)
    expect(held.error).toMatchObject({ message: expect.stringContaining('being processed by another run') as unknown })
    expect(await deliveryOf(deliveryId)).toMatchObject({ outcome: null, attempts: 1 })
  })

  it('takes a delivery at once from a run whose server stopped or went silent, not from a live one', async () => {
    const holder = (instanceId: string) => ({ ...test.runtime, instanceId })
    const stopped = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    const stoppedOnes = await deliverCapture(await order())
    expect(await claimDelivery(holder(stopped.id), stoppedOnes)).toMatchObject({ attempts: 1 })
    expect((await run(stoppedOnes)).error).toMatchObject({
      message: expect.stringContaining('being processed by another run') as unknown,
    })
    await stopped.stop()
    expect(await run(stoppedOnes)).toMatchObject({ result: { outcome: 'processed' } })

    // A server killed with SIGKILL leaves its row and stops beating.
    const killed = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    const alive = await startLiveInstance(test.runtime.db, test.clock, test.runtime.log)
    teardown.add(() => alive.stop())
    killed.halt()
    const killedOnes = await deliverCapture(await order())
    const aliveOnes = await deliverCapture(await order())
    await claimDelivery(holder(killed.id), killedOnes)
    await claimDelivery(holder(alive.id), aliveOnes)
    test.clock.advance(silentInstanceMs + 1)
    await alive.beat()
    await test.runtime.db
      .updateTable('server_instances')
      .set({ alive_at: test.clock.now() })
      .where('id', '=', test.runtime.instanceId)
      .execute()
    expect((await run(aliveOnes)).error).toMatchObject({
      message: expect.stringContaining('being processed by another run') as unknown,
    })
    expect(await run(killedOnes)).toMatchObject({ result: { outcome: 'processed' } })
    expect(await deliveryOf(killedOnes)).toMatchObject({ outcome: 'processed', attempts: 2, claimed_by: null })
  })

  // PGlite is one connection: nothing else can hold a row lock there.
  if (kind === 'postgres')
    it('waits for a short write holding its delivery (its event_sent_at) instead of taking it for another run', async () => {
      const deliveryId = await deliverCapture(await order())
      let unlock: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        unlock = resolve
      })
      const writing = test.runtime.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_deliveries')
          .set({ event_sent_at: new Date() })
          .where('event_id', '=', deliveryId)
          .execute()
        await held
      })
      const running = run(deliveryId)
      const waitingOnLock = async () =>
        (
          await sql<{ waiting: string }>`
            select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(test.runtime.db)
        ).rows[0]?.waiting
      while ((await waitingOnLock()) === '0') await new Promise((resolve) => setTimeout(resolve, 10))
      unlock()
      await writing
      expect((await running).result).toMatchObject({ deliveryId, outcome: 'processed' })
      expect(await deliveryOf(deliveryId)).toMatchObject({ attempts: 1 })
    })

  it('refuses an event that names no delivery, without retries', async () => {
    const refused = await new InngestTestEngine({ function: createDeliveryFunction(client, test.runtime) }).execute({
      events: [{ name: deliveryReceivedEvent, data: {} }],
    })
    expect(refused.error).toMatchObject({ name: 'NonRetriableError' })
  })

  it('marks a delivery whose attempts are spent failed with the last error, and leaves one with an outcome alone', async () => {
    const pending = await deliverCapture(await order())
    await markDeliveryFailed(test.runtime, pending, 'database unavailable')
    expect(await deliveryOf(pending)).toMatchObject({
      outcome: 'failed',
      last_error: 'database unavailable',
      next_attempt_at: null,
    })
    const done = await deliverCapture(await order())
    await run(done)
    await markDeliveryFailed(test.runtime, done, 'late')
    expect(await deliveryOf(done)).toMatchObject({ outcome: 'processed', last_error: null })
  })
})

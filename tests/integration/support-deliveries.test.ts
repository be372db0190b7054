import { randomBytes } from 'node:crypto'
import { InngestTestEngine } from '@inngest/test'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import { createDeliveryFunction } from '#inngest/functions/razorpay-delivery-function.ts'
import { createInngestClient } from '#server/jobs/inngest-client.ts'
import { processWebhookDeliveries } from '#server/payments/process-webhook-deliveries.ts'
import { receiveRazorpayWebhook } from '#server/payments/webhook-deliveries.ts'
import { deliveryReceivedEvent } from '#server/payments/webhook-events.ts'
import type { Runtime } from '#server/runtime.ts'
import { listDeliveries } from '#server/support/webhook-delivery-list.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { supportRouter } from '#server/trpc/routers/support.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { startFakeInngest, type FakeInngest } from '#tests/fakes/inngest-server.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

const staff = { id: 'staff-1', role: 'support' as const, sessionId: 'session-1' }

function supportCaller(runtime: Runtime) {
  return createCallerFactory(supportRouter)({
    runtime,
    db: runtime.db,
    clock: runtime.clock,
    requestId: 'test-request',
    clientIp: '127.0.0.1',
    fromLoopback: true,
    user: staff,
  })
}

async function deliverCapture(runtime: Runtime, orderId: string): Promise<string> {
  const sandbox = runtime.payments.sandbox
  if (!sandbox) throw new Error('expected the sandbox gateway')
  const eventId = `evt_${randomBytes(6).toString('hex')}`
  const body = JSON.stringify({
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: `pay_test_${randomBytes(5).toString('hex')}`, order_id: orderId, amount: 9900 } },
    },
  })
  await receiveRazorpayWebhook(
    runtime,
    body,
    new Headers({ 'x-razorpay-signature': await sandbox.signWebhook(body), 'x-razorpay-event-id': eventId }),
  )
  return eventId
}

/** The events that name the delivery as their cause, straight from the log. */
async function eventsCausedBy(runtime: Runtime, deliveryId: string) {
  const rows = await sql<{ event_id: string; type: string }>`
    select event_id, type from events where metadata->>'causationId' = ${deliveryId} order by global_position
  `.execute(runtime.db)
  return rows.rows
}

/** Makes the next write of the order store refuse once, as a handler failing for good would. */
function refuseOnce(runtime: Runtime) {
  const original = runtime.store.transaction
  runtime.store.transaction = () => {
    runtime.store.transaction = original
    return Promise.reject(new DomainError('bad-request', 'The order store refused this payment'))
  }
}

describe.each(databaseKinds)('support follows and retries webhook deliveries in-process on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
    // Only the runs a test starts may process deliveries here, not the in-process scheduler.
    test.runtime.jobs.stop()
    test.runtime.jobs.wake = () => undefined
  })

  it('lists a delivery whose handler failed as failed; a retry captures it and links the events it caused', async () => {
    const { runtime } = test
    const orderId = await createTestOrder(runtime, 'u-deliveries')
    const deliveryId = await deliverCapture(runtime, orderId)
    const pending = await supportCaller(runtime).webhookDeliveries({ filter: 'pending' })
    expect(pending.deliveries.map((delivery) => delivery.deliveryId)).toContain(deliveryId)

    refuseOnce(runtime)
    expect(await processWebhookDeliveries(runtime)).toMatchObject({ failed: 1 })
    const failed = await supportCaller(runtime).webhookDeliveries({ filter: 'failed' })
    expect(failed.deliveries).toEqual([
      expect.objectContaining({
        deliveryId,
        eventType: 'payment.captured',
        orderId,
        attempts: 1,
        lastError: 'The order store refused this payment',
        outcome: 'failed',
        inngestRunUrl: null,
        causedEvents: [],
      }),
    ])
    expect((await supportCaller(runtime).webhookDeliveries({ filter: 'pending' })).deliveries).toEqual([])

    const retried = await supportCaller(runtime).retryDelivery({ deliveryId })
    expect(retried.via).toBe('in-process')
    expect(retried.delivery).toMatchObject({
      deliveryId,
      outcome: 'processed',
      outcomeDetail: 'order paid',
      attempts: 2,
    })
    const caused = await eventsCausedBy(runtime, deliveryId)
    expect(caused.map((event) => event.type)).toContain('PaymentVerified')
    expect(retried.delivery.causedEvents.map((event) => ({ event_id: event.eventId, type: event.type }))).toEqual(
      caused,
    )
    expect((await supportCaller(runtime).webhookDeliveries({ filter: 'failed' })).deliveries).toEqual([])

    await expect(supportCaller(runtime).retryDelivery({ deliveryId })).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(supportCaller(runtime).retryDelivery({ deliveryId: 'evt_nobody' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('support retries a failed delivery through Inngest and links its run', () => {
  let test: TestRuntime
  let fake: FakeInngest
  const teardown = suiteTeardown()
  beforeAll(async () => {
    fake = await startFakeInngest()
    teardown.add(() => fake.close())
    test = await createTestRuntime('pglite', {
      INNGEST_EVENT_KEY: fake.eventKey,
      INNGEST_SIGNING_KEY: fake.signingKey,
      INNGEST_BASE_URL: fake.url,
    })
    teardown.add(() => test.close())
  })

  it('sends the delivery to Inngest again under a new event id, and the run that takes it is linked', async () => {
    const { runtime } = test
    const orderId = await createTestOrder(runtime, 'u-inngest')
    const deliveryId = await deliverCapture(runtime, orderId)
    refuseOnce(runtime)
    const client = createInngestClient({
      mode: 'cloud',
      eventKey: fake.eventKey,
      signingKey: fake.signingKey,
      baseUrl: fake.url,
    })
    const run = () =>
      new InngestTestEngine({ function: createDeliveryFunction(client, runtime) }).execute({
        events: [{ name: deliveryReceivedEvent, id: deliveryId, data: { deliveryId } }],
      })
    const first = await run()
    expect(first.error).toBeDefined()
    const [failed] = await listDeliveries(runtime, { filter: 'failed', limit: 10 })
    expect(failed).toMatchObject({ deliveryId, outcome: 'failed' })
    expect(failed?.inngestRunId).toEqual(expect.any(String))
    expect(failed?.inngestRunUrl).toBe(`${fake.url}/run?runID=${failed?.inngestRunId ?? ''}`)

    const retried = await supportCaller(runtime).retryDelivery({ deliveryId })
    expect(retried).toMatchObject({ via: 'inngest', delivery: { deliveryId, outcome: 'pending' } })
    const sent = fake.events.filter(
      (event) => event.name === deliveryReceivedEvent && event.data.deliveryId === deliveryId,
    )
    // The first announcement at receipt, then the retry under an id Inngest has not seen.
    expect(sent.map((event) => event.id)).toEqual([
      deliveryId,
      expect.stringMatching(new RegExp(`^${deliveryId}:retry:\\d+$`)),
    ])

    const second = await run()
    expect(second.result).toEqual({ deliveryId, outcome: 'processed', detail: 'order paid' })
    const [processed] = await listDeliveries(runtime, { filter: 'all', limit: 10 })
    expect(processed).toMatchObject({ deliveryId, outcome: 'processed' })
    expect(processed?.causedEvents.map((event) => event.type)).toContain('PaymentVerified')
  })
})

/**
 * A payment's unit of work reads each stream it decides on once (decision 0104): the order stream
 * once, locked, by the order's handler (not once to find the owner and again to decide), and the
 * invoice stream once by the invoice's handler. Every read of a stream through the store, in or
 * out of the unit of work, is counted.
 */
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { invoiceStreamId } from '#events/invoices/invoice.ts'
import { orderStreamId } from '#events/orders/order.ts'
import { applyWebhook } from '#server/payments/apply-webhook.ts'
import { recordPayment } from '#server/payments/record-payment.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { databaseKinds } from '#tests/support/databases.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestOrder } from '#tests/support/test-order.ts'
import { createTestRuntime, type TestRuntime } from '#tests/support/test-runtime.ts'

/** The runtime, with every stream read through its store counted by stream. */
function countingReads(runtime: Runtime) {
  const reads = new Map<string, number>()
  const count = (streamId: string) => reads.set(streamId, (reads.get(streamId) ?? 0) + 1)
  const store: Runtime['store'] = {
    ...runtime.store,
    readStream: (streamId, options) => {
      count(streamId)
      return runtime.store.readStream(streamId, options)
    },
    loadStream: (streamId, options) => {
      count(streamId)
      return runtime.store.loadStream(streamId, options)
    },
    transaction: (work) =>
      runtime.store.transaction((tx) =>
        work({
          ...tx,
          readStream: (streamId) => {
            count(streamId)
            return tx.readStream(streamId)
          },
          loadStream: (streamId, snapshotKey) => {
            count(streamId)
            return tx.loadStream(streamId, snapshotKey)
          },
        }),
      ),
  }
  return { runtime: { ...runtime, store }, readsOf: (streamId: string) => reads.get(streamId) ?? 0 }
}

describe.each(databaseKinds)('the streams a payment reads on %s', (kind) => {
  let test: TestRuntime
  const teardown = suiteTeardown()
  beforeAll(async () => {
    test = await createTestRuntime(kind)
    teardown.add(() => test.close())
  })

  const webhookMetadata = (userId?: string) => ({ actor: { type: 'webhook' as const }, ...(userId ? { userId } : {}) })

  it('reads the order stream and the invoice stream once each when it records a payment', async () => {
    const userId = `u-${randomBytes(4).toString('hex')}`
    const orderId = await createTestOrder(test.runtime, userId)
    const counting = countingReads(test.runtime)
    const outcome = await recordPayment(
      { runtime: counting.runtime, metadata: webhookMetadata },
      { orderId, paymentId: `pay_${randomBytes(6).toString('hex')}`, verifiedBy: 'webhook' },
    )
    expect(outcome.newlyPaid).toBe(true)
    expect(outcome.invoiceNumber).not.toBeNull()
    expect(counting.readsOf(orderStreamId(orderId))).toBe(1)
    expect(counting.readsOf(invoiceStreamId(orderId))).toBe(1)
  })

  it('reads the order stream once when it records a failed payment', async () => {
    const userId = `u-${randomBytes(4).toString('hex')}`
    const orderId = await createTestOrder(test.runtime, userId)
    const counting = countingReads(test.runtime)
    const applied = await applyWebhook(counting.runtime, `delivery-${randomBytes(4).toString('hex')}`, {
      event: 'payment.failed',
      createdAt: null,
      orderId,
      paymentId: `pay_${randomBytes(6).toString('hex')}`,
      amount: null,
      currency: null,
      status: 'failed',
      errorCode: 'BAD_REQUEST_ERROR',
      errorDescription: 'Card declined',
    })
    expect(applied).toEqual({ outcome: 'processed', detail: 'payment failure recorded' })
    expect(counting.readsOf(orderStreamId(orderId))).toBe(1)
  })
})

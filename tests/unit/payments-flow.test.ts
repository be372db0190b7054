import { describe, expect, it, vi } from 'vitest'
import { timers } from '#app.catalog.ts'
import type { CheckoutOutcome, Order, OrderAnswer } from '#src/payments/checkout-types.ts'
import { catalogPlan } from '#tests/support/plans.ts'
import { runPayment, type PaymentAnalytics, type PaymentPhase, type PaymentPorts } from '#src/payments/payment-flow.ts'

const plan = catalogPlan('professional')
const result = { razorpay_order_id: 'order_test_1', razorpay_payment_id: 'pay_test_1', razorpay_signature: 'ab12' }

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order_test_1',
    amount: 29900,
    currency: 'INR',
    keyId: 'rzp_test_sandbox',
    name: 'Interview Helper',
    description: 'Professional plan (monthly)',
    themeColor: '#5e6ad2',
    testMode: true,
    notes: { planType: 'professional' },
    ...overrides,
  }
}

/** Ports that succeed, recording every call in order; each test breaks the one it is about. */
function fakePorts(overrides: Partial<PaymentPorts> & { checkout?: CheckoutOutcome; answer?: OrderAnswer } = {}) {
  const calls: string[] = []
  const phases: PaymentPhase[] = []
  const tracked: PaymentAnalytics[] = []
  const logged: string[] = []
  const { checkout = { type: 'paid', result }, answer = { success: true, data: order() }, ...rest } = overrides
  const ports: PaymentPorts = {
    createOrder: vi.fn(() => {
      calls.push('createOrder')
      return Promise.resolve(answer)
    }),
    loadCheckoutScript: vi.fn(() => {
      calls.push('loadCheckoutScript')
      return Promise.resolve(true)
    }),
    openCheckout: vi.fn(() => {
      calls.push('openCheckout')
      return Promise.resolve(checkout)
    }),
    verifyPayment: vi.fn(() => {
      calls.push('verifyPayment')
      return Promise.resolve({ verified: true })
    }),
    refreshSubscription: vi.fn(() => {
      calls.push('refreshSubscription')
      return Promise.resolve()
    }),
    wait: vi.fn((ms: number) => {
      calls.push(`wait ${ms}`)
      return Promise.resolve()
    }),
    celebrate: vi.fn(() => {
      calls.push('celebrate')
    }),
    abandonOrder: vi.fn((abandoned: Order) => {
      calls.push(`abandonOrder ${abandoned.id}`)
      return Promise.resolve()
    }),
    track: (event) => tracked.push(event),
    log: (message) => logged.push(message),
    onPhase: (phase) => phases.push(phase),
    ...rest,
  }
  return { ports, calls, phases, tracked, logged }
}

describe('payment flow', () => {
  it('pays: order, checkout, verify, waits 2000 ms for the webhook, refreshes, then celebrates', async () => {
    const { ports, calls, phases, tracked } = fakePorts()
    await expect(runPayment(ports, plan)).resolves.toEqual({ status: 'succeeded', order: order() })
    expect(calls).toEqual([
      'createOrder',
      'openCheckout',
      'verifyPayment',
      'wait 2000',
      'refreshSubscription',
      'celebrate',
    ])
    expect(timers.webhookWait).toBe(2000)
    expect(phases).toEqual(['creating-order', 'checkout', 'verifying', 'awaiting-webhook', 'refreshing', 'succeeded'])
    expect(ports.verifyPayment).toHaveBeenCalledWith(result)
    expect(tracked.map((event) => event.kind)).toEqual(['checkout-start', 'checkout-success'])
  })

  it('loads Checkout.js only for real (non-test-mode) orders, before opening the checkout', async () => {
    const sandbox = fakePorts()
    await runPayment(sandbox.ports, plan)
    expect(sandbox.ports.loadCheckoutScript).not.toHaveBeenCalled()

    const real = fakePorts({ answer: { success: true, data: order({ testMode: false, keyId: 'rzp_live_x' }) } })
    await expect(runPayment(real.ports, plan)).resolves.toMatchObject({ status: 'succeeded' })
    expect(real.calls.slice(0, 3)).toEqual(['createOrder', 'loadCheckoutScript', 'openCheckout'])
  })

  it('tolerates a failed verification: it logs, waits for the webhook and still succeeds', async () => {
    const { ports, calls, logged } = fakePorts({
      verifyPayment: vi.fn(() => Promise.reject(new Error('Payment signature is not valid'))),
    })
    await expect(runPayment(ports, plan)).resolves.toMatchObject({ status: 'succeeded' })
    expect(calls).toEqual(['createOrder', 'openCheckout', 'wait 2000', 'refreshSubscription', 'celebrate'])
    expect(logged).toHaveLength(1)
  })

  it('only logs a failed subscription refresh', async () => {
    const { ports, calls, logged } = fakePorts({
      refreshSubscription: vi.fn(() => Promise.reject(new Error('offline'))),
    })
    await expect(runPayment(ports, plan)).resolves.toMatchObject({ status: 'succeeded' })
    expect(calls.at(-1)).toBe('celebrate')
    expect(logged).toHaveLength(1)
  })

  it("fails with the provider's description, or 'Payment failed'", async () => {
    const declined = fakePorts({
      checkout: { type: 'failed', description: 'Your payment was declined by the bank (sandbox test card).' },
    })
    await expect(runPayment(declined.ports, plan)).resolves.toEqual({
      status: 'failed',
      reason: 'declined',
      error: 'Your payment was declined by the bank (sandbox test card).',
    })
    expect(declined.ports.verifyPayment).not.toHaveBeenCalled()
    expect(declined.ports.celebrate).not.toHaveBeenCalled()
    expect(declined.tracked.map((event) => event.kind)).toEqual(['checkout-start', 'checkout-failure'])

    const silent = fakePorts({ checkout: { type: 'failed' } })
    await expect(runPayment(silent.ports, plan)).resolves.toMatchObject({ error: 'Payment failed' })
    const empty = fakePorts({ checkout: { type: 'failed', description: '' } })
    await expect(runPayment(empty.ports, plan)).resolves.toMatchObject({ error: 'Payment failed' })
  })

  it("says 'Payment cancelled by user' when the checkout is dismissed, and marks the order abandoned", async () => {
    const { ports, phases, calls } = fakePorts({ checkout: { type: 'dismissed' } })
    await expect(runPayment(ports, plan)).resolves.toEqual({
      status: 'failed',
      reason: 'dismissed',
      error: 'Payment cancelled by user',
    })
    expect(phases.at(-1)).toBe('failed')
    expect(ports.verifyPayment).not.toHaveBeenCalled()
    expect(calls).toEqual(['createOrder', 'openCheckout', 'abandonOrder order_test_1'])

    // Telling the server is a courtesy: the window's expiry closes the order anyway.
    const unreachable = fakePorts({
      checkout: { type: 'dismissed' },
      abandonOrder: () => Promise.reject(new Error('offline')),
    })
    await expect(runPayment(unreachable.ports, plan)).resolves.toMatchObject({ error: 'Payment cancelled by user' })
    expect(unreachable.logged).toEqual(['Marking the closed checkout abandoned failed'])
  })

  it('leaves a declined order to the gateway: it is not marked abandoned', async () => {
    const { ports, calls } = fakePorts({ checkout: { type: 'failed', description: 'Card declined' } })
    await runPayment(ports, plan)
    expect(calls.some((call) => call.startsWith('abandonOrder'))).toBe(false)
  })

  it("shows the server's order error, or says the response was invalid", async () => {
    const refused = fakePorts({
      answer: { success: false, error: 'planType must be one of starter, professional, pro' },
    })
    await expect(runPayment(refused.ports, plan)).resolves.toEqual({
      status: 'failed',
      reason: 'order',
      error: 'planType must be one of starter, professional, pro',
    })
    expect(refused.ports.openCheckout).not.toHaveBeenCalled()

    for (const answer of [
      { success: true },
      { success: true, data: null },
      { success: false },
    ] satisfies OrderAnswer[]) {
      const invalid = fakePorts({ answer })
      await expect(runPayment(invalid.ports, plan)).resolves.toMatchObject({
        reason: 'order',
        error: 'Failed to create order: Invalid response from server',
      })
    }

    const thrown = fakePorts({ createOrder: vi.fn(() => Promise.reject(new Error('Too many requests'))) })
    await expect(runPayment(thrown.ports, plan)).resolves.toMatchObject({ reason: 'order', error: 'Too many requests' })
  })

  it("says 'Failed to load Razorpay script' when Checkout.js cannot load", async () => {
    for (const loadCheckoutScript of [
      vi.fn(() => Promise.resolve(false)),
      vi.fn(() => Promise.reject(new Error('blocked'))),
    ]) {
      const { ports } = fakePorts({ answer: { success: true, data: order({ testMode: false }) }, loadCheckoutScript })
      await expect(runPayment(ports, plan)).resolves.toEqual({
        status: 'failed',
        reason: 'script',
        error: 'Failed to load Razorpay script',
      })
      expect(ports.openCheckout).not.toHaveBeenCalled()
    }
  })

  it("reports a checkout that cannot open with its message, or 'Failed to initialize payment'", async () => {
    const named = fakePorts({ openCheckout: vi.fn(() => Promise.reject(new Error('Razorpay is not available'))) })
    await expect(runPayment(named.ports, plan)).resolves.toEqual({
      status: 'failed',
      reason: 'init',
      error: 'Razorpay is not available',
    })
    const unnamed = fakePorts({
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a checkout script that rejects with no Error is the case under test
      openCheckout: vi.fn(() => Promise.reject('boom')),
    })
    await expect(runPayment(unnamed.ports, plan)).resolves.toMatchObject({
      reason: 'init',
      error: 'Failed to initialize payment',
    })
  })

  it('asks the user to contact support when the account update breaks after the money was taken', async () => {
    const { ports, tracked } = fakePorts({
      celebrate: vi.fn(() => {
        throw new Error('render failed')
      }),
    })
    await expect(runPayment(ports, plan)).resolves.toEqual({
      status: 'failed',
      reason: 'account-update',
      error: 'Payment was successful but there was an error updating your account. Please contact support.',
    })
    // The purchase itself happened: it is recorded as one, not as a failed payment.
    expect(tracked.map((event) => event.kind)).toEqual(['checkout-start', 'checkout-success'])

    const waitBroke = fakePorts({ wait: vi.fn(() => Promise.reject(new Error('timer'))) })
    await expect(runPayment(waitBroke.ports, plan)).resolves.toMatchObject({ reason: 'account-update' })
  })
})

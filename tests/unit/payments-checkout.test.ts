import { afterEach, describe, expect, it } from 'vitest'
import { loadCheckoutScript, razorpayCheckoutUrl, resetCheckoutScript } from '#src/payments/checkout-script.ts'
import type { Order } from '#src/payments/checkout-types.ts'
import { catalogPlan } from '#tests/support/plans.ts'
import { paymentAnalyticsEvents } from '#src/payments/payment-analytics.ts'
import { checkoutFields, checkoutPrefill } from '#src/payments/razorpay-checkout.ts'

const order: Order = {
  id: 'order_abc',
  amount: 49900,
  currency: 'INR',
  keyId: 'rzp_live_key',
  name: 'Interview Helper',
  description: 'Pro plan (monthly)',
  themeColor: '#5e6ad2',
  testMode: false,
  notes: { planType: 'pro', userId: 'u1' },
}

describe('checkout options', () => {
  it("opens with key, amount, currency, 'Interview Helper', description, order id, prefill, notes and #5e6ad2", () => {
    const prefill = { name: 'Asha Rao', email: 'asha@example.com', contact: '+919800000000' }
    expect(checkoutFields(order, prefill)).toEqual({
      key: 'rzp_live_key',
      amount: 49900,
      currency: 'INR',
      name: 'Interview Helper',
      description: 'Pro plan (monthly)',
      order_id: 'order_abc',
      prefill,
      notes: { planType: 'pro', userId: 'u1' },
      theme: { color: '#5e6ad2' },
    })
  })

  it('prefills the full name and e-mail, and the phone as contact only when there is one', () => {
    expect(
      checkoutPrefill({ firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', phone: '+91 98000 00000' }),
    ).toEqual({ name: 'Asha Rao', email: 'a@example.com', contact: '+91 98000 00000' })
    expect(checkoutPrefill({ firstName: 'Asha', lastName: '', email: 'a@example.com', phone: null })).toEqual({
      name: 'Asha',
      email: 'a@example.com',
    })
  })
})

describe('Checkout.js loader', () => {
  type FakeScript = {
    src: string
    async: boolean
    onload: (() => void) | null
    onerror: (() => void) | null
    removed: boolean
    remove(): void
  }
  function fakeHost() {
    const added: FakeScript[] = []
    const host = {
      createElement: () => {
        const script: FakeScript = {
          src: '',
          async: false,
          onload: null,
          onerror: null,
          removed: false,
          remove: () => (script.removed = true),
        }
        return script as unknown as HTMLScriptElement
      },
      head: { appendChild: (node: HTMLScriptElement) => added.push(node as unknown as FakeScript) },
    }
    return { host, added }
  }
  afterEach(() => resetCheckoutScript())

  it('adds the provider script once, from checkout.razorpay.com, and resolves when it loads', async () => {
    const { host, added } = fakeHost()
    const first = loadCheckoutScript(host)
    const second = loadCheckoutScript(host)
    expect(added).toHaveLength(1)
    expect(added[0]).toMatchObject({ src: 'https://checkout.razorpay.com/v1/checkout.js', async: true })
    expect(razorpayCheckoutUrl).toBe('https://checkout.razorpay.com/v1/checkout.js')
    added[0]?.onload?.()
    await expect(first).resolves.toBe(true)
    await expect(second).resolves.toBe(true)
  })

  it('resolves false when it cannot load, and tries again next time', async () => {
    const { host, added } = fakeHost()
    const failed = loadCheckoutScript(host)
    added[0]?.onerror?.()
    await expect(failed).resolves.toBe(false)
    expect(added[0]?.removed).toBe(true)
    const retry = loadCheckoutScript(host)
    expect(added).toHaveLength(2)
    added[1]?.onload?.()
    await expect(retry).resolves.toBe(true)
  })
})

describe('payment analytics (categories Subscription and Conversion)', () => {
  const plan = catalogPlan('pro')

  it('records checkout start as a conversion step', () => {
    expect(paymentAnalyticsEvents({ kind: 'checkout-start', plan })).toEqual([
      {
        name: 'conversion',
        category: 'Conversion',
        params: { conversion_type: 'checkout_start', plan_type: 'pro', value: 499, currency: 'INR' },
      },
    ])
  })

  it('records a purchase and its conversion on success', () => {
    const events = paymentAnalyticsEvents({ kind: 'checkout-success', plan, order })
    expect(events.map((event) => [event.name, event.category])).toEqual([
      ['purchase', 'Subscription'],
      ['conversion', 'Conversion'],
    ])
    expect(events[0]?.params).toMatchObject({ order_id: 'order_abc', test_mode: false, value: 499 })
  })

  it('records a failed payment with its reason', () => {
    expect(
      paymentAnalyticsEvents({
        kind: 'checkout-failure',
        plan,
        reason: 'dismissed',
        error: 'Payment cancelled by user',
      }),
    ).toEqual([
      {
        name: 'payment_failed',
        category: 'Subscription',
        params: {
          plan_type: 'pro',
          value: 499,
          currency: 'INR',
          reason: 'dismissed',
          error: 'Payment cancelled by user',
        },
      },
    ])
  })
})

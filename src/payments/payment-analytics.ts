import type { AnalyticsCategory, AnalyticsEventName, AnalyticsParams } from '#src/analytics/index.ts'
import type { PaymentAnalytics } from './payment-flow.ts'

type TrackedEvent = { name: AnalyticsEventName; category: AnalyticsCategory; params: AnalyticsParams }

/** What each step of a purchase records (in the categories Subscription and Conversion). */
export function paymentAnalyticsEvents(event: PaymentAnalytics): TrackedEvent[] {
  const plan = { plan_type: event.plan.planId, value: event.plan.amount / 100, currency: event.plan.currency }
  switch (event.kind) {
    case 'checkout-start':
      return [{ name: 'conversion', category: 'Conversion', params: { conversion_type: 'checkout_start', ...plan } }]
    case 'checkout-success':
      return [
        {
          name: 'purchase',
          category: 'Subscription',
          params: { ...plan, order_id: event.order.id, test_mode: event.order.testMode },
        },
        { name: 'conversion', category: 'Conversion', params: { conversion_type: 'purchase', ...plan } },
      ]
    case 'checkout-failure':
      return [
        {
          name: 'payment_failed',
          category: 'Subscription',
          params: { ...plan, reason: event.reason, error: event.error.slice(0, 500) },
        },
      ]
  }
}

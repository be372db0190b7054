import { featuresFor, type PlanType } from '#app.catalog.ts'
import { isSubscriptionActive } from '#events/subscriptions/subscription.ts'
import type { Runtime } from '#server/runtime.types.ts'
import { loadSubscription } from '#server/payments/record-payment.ts'

/** The person's plan and features as their subscription stream says now (not a view). */
export async function planAccess(runtime: Runtime, userId: string) {
  const { state } = await loadSubscription(runtime.store, userId)
  const active = isSubscriptionActive(state, runtime.clock.now())
  const planType: PlanType = active ? state.planType : 'none'
  return { state, active, planType, features: featuresFor(planType) }
}

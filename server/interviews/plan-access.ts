import { featuresFor, type PlanType } from '#app.catalog.ts'
import { loadAggregate } from '#events/store/command-handler.ts'
import { subscriptionAggregate } from '#events/subscriptions/subscription-decider.ts'
import { isSubscriptionActive } from '#events/subscriptions/subscription.ts'
import type { SignedInScope } from '#server/request-scope.ts'

export type PlanAccess = Awaited<ReturnType<typeof planAccess>>

/** The person's plan and features as their subscription stream says now (not a view). */
export async function planAccess({ runtime, userId }: SignedInScope) {
  const { state } = await loadAggregate(runtime.store, subscriptionAggregate, userId)
  const active = isSubscriptionActive(state, runtime.clock.now())
  const planType: PlanType = active ? state.planType : 'none'
  return { state, active, planType, features: featuresFor(planType) }
}

import { featuresFor, type PlanType } from '#app.catalog.ts'
import { subscriptionCommands } from '#events/subscriptions/subscription-decider.ts'
import { isSubscriptionActive, type SubscriptionState } from '#events/subscriptions/subscription.ts'
import type { SignedInScope } from '#server/request-scope.ts'

export type PlanAccess = ReturnType<typeof accessFrom>

/** The person's plan and features as their subscription stream says now (not a view). */
export async function planAccess({ runtime, userId }: SignedInScope) {
  const { state } = await subscriptionCommands.load(runtime.store, userId)
  return accessFrom(state, runtime.clock.now())
}

/** The plan and features a subscription state gives at `now`, for a caller that read the stream itself. */
export function accessFrom(state: SubscriptionState, now: Date) {
  const active = isSubscriptionActive(state, now)
  const planType: PlanType = active ? state.planType : 'none'
  return { state, active, planType, features: featuresFor(planType) }
}

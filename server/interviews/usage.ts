import type { SignedInScope } from '#server/request-scope.ts'
import { planAccess, type PlanAccess } from './plan-access.ts'

/** Interviews used and left in the current plan period, from the person's subscription stream. */
export async function usageLimits(scope: SignedInScope) {
  return usageOf(await planAccess(scope))
}

/** The same, from a subscription state already read in this request. */
export function usageOf(access: PlanAccess) {
  const { state } = access
  const total = access.active ? state.interviewsIncluded : 0
  const used = access.active ? state.interviewsUsed : 0
  return {
    planType: access.planType,
    periodStart: access.active ? state.periodStart : null,
    periodEnd: access.active ? state.periodEnd : null,
    interviews: { used, remaining: Math.max(0, total - used), total },
    activeSessions: access.active ? state.activeSessions.length : 0,
  }
}

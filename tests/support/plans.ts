import { findPlan, type Plan, type PlanId } from '#app.catalog.ts'

/** A plan the catalog is known to hold, for tests that need one whole. */
export function catalogPlan(planId: PlanId): Plan {
  const plan = findPlan(planId)
  if (!plan) throw new Error(`The catalog has no plan ${planId}`)
  return plan
}

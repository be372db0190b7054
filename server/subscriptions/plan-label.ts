import { findPlan } from '#app.config.ts'

/** A plan's display name ("Pro"); the id itself when the catalog no longer has it. */
export function planLabel(planId: string | null): string {
  if (planId === null) return 'current'
  return findPlan(planId)?.name ?? planId
}

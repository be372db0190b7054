import type { Features, PlanType } from '#app.catalog.ts'
import type { InterviewContext } from '#server/ai/ai-schemas.ts'
import { requireFeature } from './feature-gates.ts'

/** The context without empty fields: an empty résumé or role is no context at all. */
function nonEmptyContext(context: InterviewContext | undefined): InterviewContext {
  return Object.fromEntries(
    Object.entries(context ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  )
}

/**
 * The one rule for context, used by every call that takes one: résumé, role and job description
 * come with the plans that include context configuration. Sending context on another plan is
 * refused (feature-not-in-plan) rather than silently ignored, so the client knows it was not
 * used; context saved on a session while the plan included it is not used after a downgrade.
 * What is given on the call overrides the session's saved fields.
 */
export function gatedContext(
  access: { features: Features; planType: PlanType },
  given: InterviewContext | undefined,
  saved: InterviewContext = {},
): InterviewContext {
  const fromCall = nonEmptyContext(given)
  if (Object.keys(fromCall).length > 0) requireFeature(access.features, access.planType, 'contextConfiguration')
  if (!access.features.contextConfiguration) return {}
  return { ...nonEmptyContext(saved), ...fromCall }
}

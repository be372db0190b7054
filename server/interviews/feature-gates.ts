import type { FeatureFlagName, Features, PlanType } from '#app.catalog.ts'
import { findPlan, plans } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'

const featureNames: Record<FeatureFlagName, string> = {
  chat: 'Chat answers',
  screenAnalysis: 'Screen analysis',
  microphone: 'Listening through the microphone',
  advancedAI: 'Communication feedback',
  contextConfiguration: 'Resume and job description context',
  prioritySupport: 'Priority support',
  teamFeatures: 'Team features',
  interviewAnalytics: 'Interview analytics',
}

/**
 * Refuses a call the person's plan does not include, naming the plan that does. With no active
 * plan at all the cause is the missing plan, not the feature: the same `no-active-plan` that
 * starting a session gives, so a client meets one code for one cause.
 */
export function requireFeature(features: Features, planType: PlanType, flag: FeatureFlagName): void {
  if (features[flag]) return
  const cheapest = plans.find((plan) => plan.features[flag])?.name ?? 'Pro'
  if (planType === 'none')
    throw new DomainError(
      'no-active-plan',
      `${featureNames[flag]}: You have no active plan. It comes with the ${cheapest} plan: choose one on the pricing page.`,
    )
  throw new DomainError(
    'feature-not-in-plan',
    `${featureNames[flag]}: Your ${findPlan(planType)?.name ?? planType} plan does not include it. It comes with the ${cheapest} plan: upgrade on the pricing page.`,
  )
}

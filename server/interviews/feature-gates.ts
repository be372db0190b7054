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

/** Refuses a call the person's plan does not include, naming the plan that does. */
export function requireFeature(features: Features, planType: PlanType, flag: FeatureFlagName): void {
  if (features[flag]) return
  const cheapest = plans.find((plan) => plan.features[flag])
  const current =
    planType === 'none'
      ? 'You have no active plan'
      : `Your ${findPlan(planType)?.name ?? planType} plan does not include it`
  throw new DomainError(
    'feature-not-in-plan',
    `${featureNames[flag]}: ${current}. It comes with the ${cheapest?.name ?? 'Pro'} plan — upgrade at /pricing.`,
  )
}

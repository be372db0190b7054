import type { FeatureFlagName, Features } from '#app.catalog.ts'

/** The plan's feature flags, in the order the checklist shows them, with readable names. */
const featureLabels: readonly { flag: FeatureFlagName; label: string }[] = [
  { flag: 'chat', label: 'Chat answers' },
  { flag: 'screenAnalysis', label: 'Screen analysis' },
  { flag: 'microphone', label: 'Microphone (hears the interviewer)' },
  { flag: 'advancedAI', label: 'Advanced AI (communication feedback)' },
  { flag: 'contextConfiguration', label: 'Context configuration (resume, role, job description)' },
  { flag: 'prioritySupport', label: 'Priority support' },
  { flag: 'teamFeatures', label: 'Team features' },
  { flag: 'interviewAnalytics', label: 'Interview analytics (review and progress)' },
]

export type FeatureRow = { key: string; label: string; included: boolean }

/** The Plan Features checklist: the interview allowance first, then every flag, on or off. */
export function featureChecklist(features: Features): FeatureRow[] {
  const interviews = features.maxInterviews
  return [
    {
      key: 'maxInterviews',
      // The period's allowance, the same number as the plan card's "Interviews included".
      label: interviews > 0 ? `${interviews} interviews this period` : 'Interviews per period',
      included: interviews > 0,
    },
    ...featureLabels.map(({ flag, label }) => ({ key: flag, label, included: features[flag] })),
  ]
}

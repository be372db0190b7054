/**
 * The plans catalog, the feature matrix per plan and the product timers: plain
 * constants with no dependencies, so the browser can import them without the environment schema.
 * app.config.ts re-exports all of it; it stays the one place for configuration.
 */
export const planIds = ['starter', 'professional', 'pro'] as const
export type PlanId = (typeof planIds)[number]
/** A user without a paid plan has the plan type 'none' (which the dashboard shows). */
export type PlanType = PlanId | 'none'

export const featureFlagNames = [
  'screenAnalysis',
  'advancedAI',
  'prioritySupport',
  'teamFeatures',
  'microphone',
  'chat',
  'contextConfiguration',
  'interviewAnalytics',
] as const
export type FeatureFlagName = (typeof featureFlagNames)[number]
export type Features = { maxInterviews: number } & Record<FeatureFlagName, boolean>

/** Without a plan every flag is off or 0. */
export const noFeatures: Features = {
  maxInterviews: 0,
  screenAnalysis: false,
  advancedAI: false,
  prioritySupport: false,
  teamFeatures: false,
  microphone: false,
  chat: false,
  contextConfiguration: false,
  interviewAnalytics: false,
}

export type Plan = {
  planId: PlanId
  name: string
  description: string
  /** Price per month in paise. */
  amount: number
  currency: 'INR'
  /** The struck-through "original" price, in paise. */
  originalAmount: number
  interviews: number
  billingCycle: 'monthly'
  mostPopular: boolean
  cta: string
  /** What the pricing card lists, in order. */
  highlights: string[]
  features: Features
}

export const plans: readonly Plan[] = [
  {
    planId: 'starter',
    name: 'Starter',
    description: 'Chat answers and a window the interviewer never sees.',
    amount: 9900,
    currency: 'INR',
    originalAmount: 120000,
    interviews: 5,
    billingCycle: 'monthly',
    mostPopular: false,
    cta: 'Get your starter pack now',
    highlights: ['5 interviews per month', 'Chat answers', 'Hidden screen (invisible when you share)'],
    features: { ...noFeatures, maxInterviews: 5, chat: true },
  },
  {
    planId: 'professional',
    name: 'Professional',
    description: 'It sees your screen and hears the interviewer, and answers in real time.',
    amount: 29900,
    currency: 'INR',
    originalAmount: 232000,
    interviews: 15,
    billingCycle: 'monthly',
    mostPopular: true,
    cta: 'Buy Now',
    highlights: [
      '15 interviews per month',
      'Everything in Starter',
      'Screen capture',
      'Listens to the interviewer',
      'Real-time answers',
    ],
    features: { ...noFeatures, maxInterviews: 15, chat: true, screenAnalysis: true, microphone: true },
  },
  {
    planId: 'pro',
    name: 'Pro',
    description: 'Everything, tuned to your resume and the job description.',
    amount: 49900,
    currency: 'INR',
    originalAmount: 392000,
    interviews: 25,
    billingCycle: 'monthly',
    mostPopular: false,
    cta: 'Go Pro',
    highlights: [
      '25 interviews per month',
      'All features',
      'Context feedback from your resume and job description',
      'Interview analytics',
    ],
    features: {
      maxInterviews: 25,
      chat: true,
      screenAnalysis: true,
      microphone: true,
      advancedAI: true,
      contextConfiguration: true,
      prioritySupport: true,
      teamFeatures: true,
      interviewAnalytics: true,
    },
  },
]

export function findPlan(planId: string): Plan | undefined {
  return plans.find((plan) => plan.planId === planId)
}

export function featuresFor(planType: PlanType): Features {
  return findPlan(planType)?.features ?? noFeatures
}

export const checkout = { name: 'Interview Helper', themeColor: '#5e6ad2' } as const

/** The product's timers, in milliseconds. */
export const timers = {
  /** How long an order can be paid before it expires. */
  checkoutWindow: 30 * 60 * 1000,
  webhookWait: 2000,
  redirectAfterPaymentSuccess: 2000,
  successTextAnimationStart: 500,
  hashScrollDelay: 100,
  analyticsPageViewDelay: 100,
  resetRedirect: 3000,
  callbackSuccess: 1500,
  callbackRetry: 1000,
  callbackError: 3000,
  emailConfirmationWait: 2000,
  emailConfirmationSuccessRedirect: 2000,
  emailConfirmationErrorRedirect: 3000,
  notFoundFadeIn: 1200,
  testimonialMarquee: 30000,
} as const

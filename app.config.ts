/**
 * The one typed application configuration.
 *
 * - `loadConfig()` is the only code in the project that reads the environment. It parses it with
 *   zod and, on failure, throws a `ConfigError` whose message lists every bad variable.
 * - The plans catalog, the feature matrix and the product timers are plain constants here so the
 *   server and the browser share one source of truth (the browser imports only the constants).
 */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------
// Plans catalog and feature matrix (product spec §3 "Features", §9 "Plans")
// ---------------------------------------------------------------------------------------------

export const planIds = ['starter', 'professional', 'pro'] as const
export type PlanId = (typeof planIds)[number]
/** What a user without a paid plan has: spec §3 "planType (default 'none' in the dashboard)". */
export type PlanType = PlanId | 'none'

export const featureFlagNames = [
  'screenAnalysis',
  'advancedAI',
  'prioritySupport',
  'teamFeatures',
  'microphone',
  'chat',
  'contextConfiguration',
] as const
export type FeatureFlagName = (typeof featureFlagNames)[number]
export type Features = { maxInterviews: number } & Record<FeatureFlagName, boolean>

/** Spec §3: all flags default to off or 0. */
export const noFeatures: Features = {
  maxInterviews: 0,
  screenAnalysis: false,
  advancedAI: false,
  prioritySupport: false,
  teamFeatures: false,
  microphone: false,
  chat: false,
  contextConfiguration: false,
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
      'Interview analytics (coming soon)',
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

/** Spec §9 timers, in milliseconds. */
export const timers = {
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

// ---------------------------------------------------------------------------------------------
// Environment
// ---------------------------------------------------------------------------------------------

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true')

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://interviewhelper.example' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().min(1).default('./.data'),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
    AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SUPABASE_URL: z.url({ message: 'must be the project URL, such as https://abcd.supabase.co' }).optional(),
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_JWT_SECRET: optionalText,
    TRUST_PROXY: booleanFlag,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Interview Helper <no-reply@interviewhelper.local>'),
    INNGEST_EVENT_KEY: optionalText,
    INNGEST_SIGNING_KEY: optionalText,
    INNGEST_BASE_URL: z.url().optional(),
    INNGEST_DEV: booleanFlag,
    PROJECTION_POLL_MS: z.coerce.number().int().min(100).default(5000),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
      ctx.addIssue({ code: 'custom', path: ['SUPABASE_ANON_KEY'], message: 'is required with SUPABASE_URL (the browser client needs it)' })
    }
    if (env.NODE_ENV !== 'production') return
    if (!env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required in production: the embedded PGlite database is for development only',
      })
    }
    if (!env.AUTH_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_JWT_SECRET'], message: 'is required in production' })
    }
    if (env.INNGEST_EVENT_KEY && !env.INNGEST_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['INNGEST_SIGNING_KEY'],
        message: 'is required in production when INNGEST_EVENT_KEY is set: Inngest signs every call to /api/inngest',
      })
    }
    if (env.INNGEST_DEV) {
      ctx.addIssue({ code: 'custom', path: ['INNGEST_DEV'], message: 'must not be set in production' })
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production: the development mailbox only keeps mail locally' })
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' })
    }
  })

export type Env = z.infer<typeof envSchema>

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)'
        const value = source[name]
        const shown = value === undefined ? 'not set' : `got ${JSON.stringify(value)}`
        return `${name}: ${issue.message} (${shown})`
      }),
    )
  }
  const env = parsed.data
  const inngestConfigured = env.INNGEST_DEV || Boolean(env.INNGEST_EVENT_KEY)
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      dataDir: env.DATA_DIR,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    },
    auth: {
      jwtSecret: env.AUTH_JWT_SECRET,
      trustProxy: env.TRUST_PROXY,
      supabase:
        env.SUPABASE_URL && env.SUPABASE_ANON_KEY
          ? { url: env.SUPABASE_URL.replace(/\/+$/, ''), anonKey: env.SUPABASE_ANON_KEY, jwtSecret: env.SUPABASE_JWT_SECRET }
          : undefined,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    inngest: inngestConfigured
      ? {
          mode: env.INNGEST_DEV ? ('dev' as const) : ('cloud' as const),
          eventKey: env.INNGEST_EVENT_KEY,
          signingKey: env.INNGEST_SIGNING_KEY,
          baseUrl: env.INNGEST_BASE_URL,
        }
      : undefined,
    projections: { pollMs: env.PROJECTION_POLL_MS },
    plans,
  }
}

export type AppConfig = ReturnType<typeof loadConfig>

/** For entry points (npm start, the built server, scripts): the configuration, or the message and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
}

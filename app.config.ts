/**
 * The one typed application configuration.
 *
 * - `loadConfig()` is the only code in the project that reads the environment. It parses it with
 *   zod and, on failure, throws a `ConfigError` whose message lists every bad variable.
 * - The plans catalog, the feature matrix and the product timers live in app.catalog.ts (plain
 *   constants the browser can import without zod) and are re-exported here.
 */
import { z } from 'zod'

export * from './app.catalog.ts'
import { plans } from './app.catalog.ts'
import {
  gstRatePercent,
  invoiceConfigOf,
  invoiceNumberPrefix,
  requireSellerInProduction,
} from './app.invoice-config.ts'

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

/**
 * Origins allowed to call the API from a browser or a desktop shell: a comma-separated list of
 * `scheme://host[:port]` (lower-cased), or `null` for pages that have no origin (file://).
 */
const corsOrigins = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '')
    for (const origin of origins) {
      if (origin === 'null' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s*]+$/.test(origin)) continue
      ctx.addIssue({
        code: 'custom',
        message: origin.startsWith('file:')
          ? `"${origin}": pages opened from file:// send the origin null; list null instead`
          : `"${origin}" is not an origin: write scheme://host[:port] with no path, such as app://interview-helper or http://localhost:5173`,
      })
    }
    return [...new Set(origins)]
  })

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Loopback unless told otherwise: the embedded defaults (dev mailbox, sandbox checkout) are for this machine only.
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://interviewhelper.example' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().min(1).default('./.data'),
    // `npm run build` writes a migrated PGlite database here; a new DATA_DIR starts from it instead of running initdb.
    PGLITE_TEMPLATE_DIR: z.string().min(1).default('./.output/pglite-template'),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
    // On (the default): the server migrates at start. Off: a one-shot `npm run migrate` does it, and
    // the server refuses to start on a database that is behind (compose.yaml, docs/deploy.md).
    MIGRATE_ON_BOOT: z
      .enum(['1', '0', 'true', 'false', ''])
      .optional()
      .transform((value) => value !== '0' && value !== 'false'),
    AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SUPABASE_URL: z.url({ message: 'must be the project URL, such as https://abcd.supabase.co' }).optional(),
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_JWT_SECRET: optionalText,
    TRUST_PROXY: booleanFlag,
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, 'must look like rzp_test_… or rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    /** Only for tests and private proxies: where the Razorpay SDK sends its API calls. */
    RAZORPAY_API_BASE_URL: z.url().optional(),
    AI_BASE_URL: z
      .url({ message: 'must be the base URL of an OpenAI-compatible API, such as https://api.openai.com/v1' })
      .optional(),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    AI_FALLBACK_MODEL: optionalText,
    AI_VISION_MODEL: optionalText,
    AI_TRANSCRIPTION_MODEL: optionalText,
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
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
    // Once a stop is asked for and a polling proxy was told: how long answers in flight may take before their connections are cut.
    // Empty (a compose file passing an unset variable) is unset: 0 would cut connections at once.
    SERVER_SHUTDOWN_TIMEOUT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce.number().int().min(0).max(3600).default(10),
    ),
    // Set by CI runners and by vitest: a stop signal then ends the process at once (Node's default).
    CI: z.string().optional(),
    TEST: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    GA_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^(G-[A-Z0-9]{4,20})?$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
      .optional(),
    CORS_ORIGINS: corsOrigins,
    SUPPORT_EMAIL: z
      .email({ message: 'must be the support inbox address, such as support@interviewhelper.example' })
      .optional(),
    // Who runs the site, named on the terms, privacy and refund pages.
    OPERATOR_LEGAL_NAME: z
      .string()
      .trim()
      .min(2, 'must be the legal name of the business that runs the site')
      .max(200, 'must be at most 200 characters')
      .default('Interview Helper'),
    OPERATOR_ADDRESS: z
      .string()
      .trim()
      .max(300, 'must be at most 300 characters (one line)')
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    OPERATOR_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$/, 'must be a 15-character GSTIN such as 29ABCDE1234F1Z5')
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    // Invoices (app.invoice-config.ts): the seller is the operator above.
    GST_RATE_PERCENT: gstRatePercent,
    INVOICE_NUMBER_PREFIX: invoiceNumberPrefix,
  })
  .superRefine((env, ctx) => {
    if (env.RAZORPAY_KEY_ID || env.RAZORPAY_KEY_SECRET || env.RAZORPAY_WEBHOOK_SECRET) {
      for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any RAZORPAY_ variable is set' })
      }
    }
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'is required with AI_BASE_URL (the model to ask, such as gpt-4o-mini or llama3.1)',
      })
    }
    if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPABASE_ANON_KEY'],
        message: 'is required with SUPABASE_URL (the browser client needs it)',
      })
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
    if (!env.RAZORPAY_KEY_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'is required in production: the sandbox payment gateway takes no real money',
      })
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production: the development mailbox only keeps mail locally',
      })
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' })
    }
    requireSellerInProduction(env, ctx)
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
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** No PUBLIC_URL: development links may follow the visitor's own origin (server/http/site-url.ts). */
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    logLevel: env.LOG_LEVEL,
    /** Origins whose scripts may call the API (CORS); empty: same-origin only. */
    corsOrigins: env.CORS_ORIGINS,
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      dataDir: env.DATA_DIR,
      pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      migrateOnBoot: env.MIGRATE_ON_BOOT,
    },
    auth: {
      jwtSecret: env.AUTH_JWT_SECRET,
      trustProxy: env.TRUST_PROXY,
      supabase:
        env.SUPABASE_URL && env.SUPABASE_ANON_KEY
          ? {
              url: env.SUPABASE_URL.replace(/\/+$/, ''),
              anonKey: env.SUPABASE_ANON_KEY,
              jwtSecret: env.SUPABASE_JWT_SECRET,
            }
          : undefined,
      /**
       * The sandbox Google provider (a local TEST MODE consent screen) stands in for Google only where
       * no real provider exists and nothing is production: it lets anyone name any address.
       */
      googleSandbox: !(env.SUPABASE_URL && env.SUPABASE_ANON_KEY) && env.NODE_ENV !== 'production',
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? {
            mode: 'provider' as const,
            baseUrl: env.AI_BASE_URL,
            apiKey: env.AI_API_KEY ?? '',
            model: env.AI_MODEL,
            fallbackModel: env.AI_FALLBACK_MODEL,
            visionModel: env.AI_VISION_MODEL,
            transcriptionModel: env.AI_TRANSCRIPTION_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : { mode: 'offline' as const, timeoutMs: env.AI_TIMEOUT_MS },
    payments:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
        ? {
            mode: 'razorpay' as const,
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiBaseUrl: env.RAZORPAY_API_BASE_URL,
          }
        : { mode: 'sandbox' as const },
    inngest: inngestConfigured
      ? {
          mode: env.INNGEST_DEV ? ('dev' as const) : ('cloud' as const),
          eventKey: env.INNGEST_EVENT_KEY,
          signingKey: env.INNGEST_SIGNING_KEY,
          baseUrl: env.INNGEST_BASE_URL,
        }
      : undefined,
    projections: { pollMs: env.PROJECTION_POLL_MS },
    stop: {
      drainSeconds: env.SERVER_SHUTDOWN_TIMEOUT,
      /** A test runner or CI job stopping its children wants them gone at once. */
      handlesSignals: !env.CI && !env.TEST,
    },
    site: {
      // An empty id (the pattern admits one) means none.
      gaMeasurementId: env.GA_MEASUREMENT_ID === '' ? undefined : env.GA_MEASUREMENT_ID,
      supportEmail: env.SUPPORT_EMAIL ?? (env.NODE_ENV === 'production' ? undefined : 'support@interviewhelper.local'),
      operator: {
        legalName: env.OPERATOR_LEGAL_NAME,
        address: env.OPERATOR_ADDRESS,
        gstin: env.OPERATOR_GSTIN,
      },
    },
    invoices: invoiceConfigOf(env),
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

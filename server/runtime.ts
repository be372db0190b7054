import { loadConfig, type AppConfig } from '#app.config.ts'
import { viewProjections } from '#events/projections/all-projections.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore } from '#events/store/event-store.ts'
import { migrateToLatest } from '#migrations/migrate.ts'
import { pendingMigrations } from '#migrations/pending.ts'
import { rateLimitJobs } from './accounts/rate-limit-jobs.ts'
import { idempotencyJobs } from './idempotency/idempotency-jobs.ts'
import { startLiveInstance } from './idempotency/live-instances.ts'
import { createAiEngine } from './ai/create-ai-engine.ts'
import { systemClock, type Clock } from '#events/clock.ts'
import { contactMailReactor } from './contact/contact-mail-reactor.ts'
import type { Database } from './db/schema.ts'
import { databaseTargetFromConfig, openDatabase, type AppDatabase } from './db/open-database.ts'
import { createJobScheduler } from './jobs/job-scheduler.ts'
import { eventsAppendedEvent, projectionJobs } from './jobs/projection-jobs.ts'
import { createLogger } from './logger.ts'
import { noteCommittedWrite } from './request-context.ts'
import { createMailer } from './mail/create-mailer.ts'
import { mailJobs } from './mail/mail-jobs.ts'
import { createPayments } from './payments/create-payments.ts'
import { createUtteranceRegistry } from './interviews/utterance-registry.ts'
import { paymentJobs } from './payments/payment-jobs.ts'
import type { Runtime } from './runtime.types.ts'

// For the entry points that also call getRuntime; services import the type from runtime.types.ts.
export type { Runtime }

/**
 * The composition root: opens the database, migrates it, and wires the store, the projections,
 * the mailer, payments, the AI engine and every service's background jobs together.
 */
export async function createRuntime(
  options: { config?: AppConfig; clock?: Clock; database?: AppDatabase } = {},
): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const log = createLogger(config.logLevel)
  const database = options.database ?? openDatabase(databaseTargetFromConfig(config.database))
  const clock = options.clock ?? systemClock
  if (config.database.migrateOnBoot) await migrateToLatest(database.db, log)
  else await refuseSchemaBehind(database.db)
  const projections = new ProjectionRunner({
    db: database.db,
    projections: [...viewProjections, contactMailReactor],
    registry: eventRegistry,
    log,
    now: () => clock.now(),
  })
  const mailer = createMailer({ config, db: database.db, log })
  // Jobs need the finished runtime and the store needs the scheduler: the closure breaks the cycle.
  const built: { runtime?: Runtime } = {}
  const current = () => {
    if (!built.runtime) throw new Error('The runtime is not ready yet')
    return built.runtime
  }
  const jobs = await createJobScheduler({
    config,
    log,
    jobs: [
      ...projectionJobs(projections),
      ...mailJobs({ db: database.db, mailer, clock, log }),
      ...paymentJobs(current, { inngest: Boolean(config.inngest) }),
      ...rateLimitJobs({ db: database.db, clock }),
      ...idempotencyJobs({ db: database.db, clock }),
    ],
  })
  const store = createEventStore<Database>({
    db: database.db,
    registry: eventRegistry,
    clock,
    onAppended: (notice) => {
      noteCommittedWrite()
      jobs.wake(eventsAppendedEvent, { streamIds: notice.streamIds, globalPositions: notice.globalPositions })
    },
  })
  // A projection halted at an event it cannot apply does not stop the server: the other views are
  // served, /api/ready reports it, and the jobs keep retrying it. Only a database failure throws here.
  for (const { stuck } of await projections.catchUpAll()) {
    if (stuck)
      log.error('starting with a halted projection', {
        projection: stuck.projection,
        position: stuck.position,
        eventType: stuck.eventType,
      })
  }
  const instance = await startLiveInstance(database.db, clock, log)
  jobs.start()
  const ai = await createAiEngine(config.ai, { logger: log })
  const utterances = createUtteranceRegistry(clock)
  const runtime: Runtime = {
    config,
    database,
    db: database.db,
    clock,
    log,
    store,
    projections,
    mailer,
    payments: createPayments(config),
    ai,
    jobs,
    utterances,
    instanceId: instance.id,
    close: async () => {
      utterances.stop()
      jobs.stop()
      await jobs.settled()
      await ai.close()
      // Its claims, if any request was cut, are taken over at once rather than after silence.
      await instance.stop().catch((error: unknown) => log.warn('could not sign this server off', { error }))
      await database.close()
    },
  }
  built.runtime = runtime
  return runtime
}

/** With MIGRATE_ON_BOOT=0 another process migrates: starting on an older schema would fail later, and less clearly. */
async function refuseSchemaBehind(db: AppDatabase['db']): Promise<void> {
  const pending = await pendingMigrations(db)
  if (pending.length === 0) return
  throw new Error(
    `the database schema is behind this build (not applied: ${pending.join(', ')}). MIGRATE_ON_BOOT=0, so run the migrations first: \`npm run migrate\` (the \`migrate\` service in compose.yaml), or set MIGRATE_ON_BOOT=1.`,
  )
}

// Kept on globalThis, not in a module variable: the nitro plugins and the app are bundled
// separately, and two copies of this module must still share one database (PGlite allows one).
const holder = globalThis as typeof globalThis & { __interviewHelperRuntime?: Promise<Runtime> }

/** The process-wide runtime; the first caller pays for migrations and the first catch-up. */
export function getRuntime(): Promise<Runtime> {
  holder.__interviewHelperRuntime ??= createRuntime().catch((error: unknown) => {
    holder.__interviewHelperRuntime = undefined
    throw error
  })
  return holder.__interviewHelperRuntime
}

/**
 * Stops the process-wide runtime, if one started: the background jobs finish their current run,
 * then the AI engine's workers and the database close. Safe to call more than once.
 */
export async function closeRuntime(): Promise<void> {
  const starting = holder.__interviewHelperRuntime
  holder.__interviewHelperRuntime = undefined
  const runtime = await starting?.catch(() => undefined)
  await runtime?.close()
}

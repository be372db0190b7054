import { loadConfig, type AppConfig } from '#app.config.ts'
import { viewProjections } from '#events/projections/all-projections.ts'
import { ProjectionRunner } from '#events/projections/projection-runner.ts'
import { eventRegistry } from '#events/registry.ts'
import { createEventStore, type EventStore } from '#events/store/event-store.ts'
import { createJobScheduler, type JobScheduler } from '#inngest/background-jobs.ts'
import { eventsAppendedEvent, projectionJobs } from '#inngest/projection-jobs.ts'
import { migrateToLatest } from '#migrations/migrate.ts'
import { systemClock, type Clock } from '#events/clock.ts'
import { databaseTargetFromConfig, openDatabase, type AppDatabase } from './db/open-database.ts'
import type { Database } from './db/schema.ts'
import { createLogger, type Logger } from './logger.ts'
import { mailJobs } from './mail/mail-jobs.ts'
import { createMailer } from './mail/create-mailer.ts'
import { createAiEngine, type ClosableAiEngine } from './ai/create-ai-engine.ts'
import type { Mailer } from './mail/mailer.ts'
import { contactMailReactor } from './contact/contact-mail-reactor.ts'
import { createPayments, type Payments } from './payments/create-payments.ts'
import { paymentJobs } from './payments/payment-jobs.ts'

/** Everything a request handler needs, created once per server process. */
export type Runtime = {
  config: AppConfig
  database: AppDatabase
  db: AppDatabase['db']
  clock: Clock
  log: Logger
  store: EventStore<Database>
  projections: ProjectionRunner
  mailer: Mailer
  payments: Payments
  ai: ClosableAiEngine
  jobs: JobScheduler
  close: () => Promise<void>
}

export async function createRuntime(
  options: { config?: AppConfig; clock?: Clock; database?: AppDatabase } = {},
): Promise<Runtime> {
  const config = options.config ?? loadConfig()
  const log = createLogger(config.logLevel)
  const database = options.database ?? openDatabase(databaseTargetFromConfig(config.database))
  const clock = options.clock ?? systemClock
  await migrateToLatest(database.db, log)
  const projections = new ProjectionRunner({
    db: database.db,
    projections: [...viewProjections, contactMailReactor],
    registry: eventRegistry,
    log,
  })
  const mailer = createMailer({ config, db: database.db, log })
  // Jobs need the finished runtime and the store needs the scheduler: the closure breaks the cycle.
  const built: { runtime?: Runtime } = {}
  const current = () => {
    if (!built.runtime) throw new Error('The runtime is not ready yet')
    return built.runtime
  }
  const jobs = createJobScheduler({
    config,
    log,
    jobs: [
      ...projectionJobs(projections),
      ...mailJobs({ db: database.db, mailer, clock, log }),
      ...paymentJobs(current),
    ],
  })
  const store = createEventStore<Database>({
    db: database.db,
    registry: eventRegistry,
    clock,
    onAppended: (notice) =>
      jobs.wake(eventsAppendedEvent, { streamId: notice.streamId, globalPositions: notice.globalPositions }),
  })
  await projections.catchUpAll()
  jobs.start()
  const ai = createAiEngine(config.ai, { logger: log })
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
    close: async () => {
      jobs.stop()
      await jobs.settled()
      await ai.close()
      await database.close()
    },
  }
  built.runtime = runtime
  return runtime
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

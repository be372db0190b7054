import type { AppConfig } from '#app.config.ts'
import type { ProjectionRunner } from '#events/projections/projection-runner.ts'
import type { EventStore } from '#events/store/event-store.ts'
import type { ClosableAiEngine } from './ai/create-ai-engine.ts'
import type { Clock } from '#events/clock.ts'
import type { AppDatabase } from './db/open-database.ts'
import type { Database } from './db/schema.ts'
import type { JobScheduler } from './jobs/background-job.ts'
import type { Logger } from './logger.ts'
import type { Mailer } from './mail/mailer.ts'
import type { Payments } from './payments/create-payments.ts'
import type { UtteranceRegistry } from './interviews/utterance-registry.ts'

/**
 * Everything a request handler needs, created once per server process by server/runtime.ts.
 * Services import this type, never that module: it imports their background jobs.
 */
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
  /** The spoken questions streamed to this runtime and still open (decision 0130). */
  utterances: UtteranceRegistry
  /** This server among the replicas on the database: Idempotency-Key claims name it (decision 0103). */
  instanceId: string
  close: () => Promise<void>
}

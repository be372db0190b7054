import type { AppConfig } from '#app.config.ts'
import type { Logger } from '#server/logger.ts'
import type { BackgroundJob, JobScheduler } from './background-job.ts'
import { createInProcessScheduler } from './in-process-scheduler.ts'

/**
 * With Inngest configured a wake-up is an Inngest event (its functions run the jobs, with retries
 * and a cron fallback, visible in Inngest's UI). Without it the jobs run in this process right
 * away, and a poll covers work queued by other processes or held back by an open transaction.
 * The Inngest SDK is loaded only when Inngest is configured (decision 0070).
 */
export async function createJobScheduler(options: {
  config: AppConfig
  jobs: readonly BackgroundJob[]
  log: Logger
}): Promise<JobScheduler> {
  const { config, jobs, log } = options
  if (!config.inngest) return createInProcessScheduler({ pollMs: config.projections.pollMs, jobs, log })
  const { createInngestScheduler } = await import('./inngest-scheduler.ts')
  return createInngestScheduler({ settings: config.inngest, jobs, log })
}

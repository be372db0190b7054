import type { Logger } from '#server/logger.ts'
import type { BackgroundJob, JobScheduler } from './background-job.ts'
import { createInngestClient, type InngestSettings } from './inngest-client.ts'

/** Wake-ups become Inngest events; Inngest then calls `/api/inngest` to run the jobs. */
export function createInngestScheduler(options: {
  settings: InngestSettings
  jobs: readonly BackgroundJob[]
  log: Logger
}): JobScheduler {
  const { jobs, log } = options
  const inngest = createInngestClient(options.settings)
  return {
    mode: 'inngest',
    inngest,
    jobs,
    wake: (event, data = {}) => {
      inngest.send({ name: event, data }).catch((error: unknown) => {
        log.warn('could not wake background jobs through Inngest; their cron run will pick the work up', {
          event,
          error,
        })
      })
    },
    // Views are eventually consistent with Inngest: there is nothing to wait for here.
    settled: () => Promise.resolve(),
    caughtUp: () => Promise.resolve(),
    // Inngest's cron triggers replace the in-process poll.
    start: () => undefined,
    stop: () => undefined,
  }
}

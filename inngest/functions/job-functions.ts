import type { BackgroundJob } from '#server/jobs/background-job.ts'
import type { InngestClient } from '#server/jobs/inngest-client.ts'

/**
 * One Inngest function per background job: woken by its event and by a cron fallback, one run
 * at a time (the job's own locks cover any other runner), retried on failure.
 */
export function createJobFunctions(client: InngestClient, jobs: readonly BackgroundJob[]) {
  return jobs.map((job) =>
    client.createFunction(
      {
        id: job.id,
        name: job.name,
        concurrency: { limit: 1 },
        retries: job.retries ?? 5,
        triggers: job.wakeEvent ? [{ event: job.wakeEvent }, { cron: job.cron }] : [{ cron: job.cron }],
      },
      async ({ step }) => step.run('run', () => job.run()),
    ),
  )
}

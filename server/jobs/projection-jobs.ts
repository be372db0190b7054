import type { ProjectionRunner } from '#events/projections/projection-runner.ts'
import type { BackgroundJob } from './background-job.ts'

export const eventsAppendedEvent = 'store/events.appended'

/**
 * One catch-up job for every projection: a commit wakes it once, and each batch serves all the
 * projections from one read of the log. A projection halted at an event waits on its own; the
 * others go on in the same run.
 */
export function projectionJobs(projections: ProjectionRunner): BackgroundJob[] {
  return [
    {
      id: 'project-views',
      name: `Project events into ${projections.names.join(', ')}`,
      wakeEvent: eventsAppendedEvent,
      cron: '* * * * *',
      run: () => projections.catchUpAll(),
    },
  ]
}

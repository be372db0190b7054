import type { ProjectionRunner } from '#events/projections/projection-runner.ts'
import type { BackgroundJob } from './background-job.ts'

export const eventsAppendedEvent = 'store/events.appended'

/**
 * How long a woken catch-up waits for the commits right behind the one that woke it (decision
 * 0074): under a steady stream of commands one run serves several commits, for a few milliseconds
 * more before a view shows them.
 */
export const projectionGatherMs = 10

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
      gatherMs: projectionGatherMs,
      run: () => projections.catchUpAll(),
    },
  ]
}

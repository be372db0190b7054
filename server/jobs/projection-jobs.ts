import type { ProjectionRunner } from '#events/projections/projection-runner.ts'
import type { BackgroundJob } from './background-job.ts'

export const eventsAppendedEvent = 'store/events.appended'

/** A catch-up job per projection, so one slow view never holds back the others. */
export function projectionJobs(projections: ProjectionRunner): BackgroundJob[] {
  return projections.names.map((name) => ({
    id: `project-${name.replaceAll('_', '-')}`,
    name: `Project events into ${name}`,
    wakeEvent: eventsAppendedEvent,
    cron: '* * * * *',
    run: () => projections.catchUp(name),
  }))
}

import type { ProjectionRunner } from '../../events/projections/projection-runner.ts'
import { eventsAppendedEvent, type InngestClient } from '../client.ts'

/**
 * One function per projection: woken by every append (a hint, not the data) and by a cron
 * fallback that catches up whatever a lost wake-up missed. Concurrency 1 keeps one run at a time
 * per projection; the runner's advisory lock covers any other runner.
 */
export function createProjectEventsFunctions(client: InngestClient, projections: ProjectionRunner) {
  return projections.names.map((name) =>
    client.createFunction(
      {
        id: `project-${name.replaceAll('_', '-')}`,
        name: `Project events into ${name}`,
        concurrency: { limit: 1 },
        retries: 5,
        triggers: [{ event: eventsAppendedEvent }, { cron: '* * * * *' }],
      },
      async ({ step }) => step.run('catch-up', () => projections.catchUp(name)),
    ),
  )
}

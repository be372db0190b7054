import type { Runtime } from '#server/runtime.types.ts'
import { prepareRebuild } from './rebuild-projection.ts'

/**
 * Starts a whole-view rebuild for a request and answers at once: the work goes on in this process,
 * its progress in projection_rebuilds for any replica to read. A refusal (unknown view, one already
 * running) reaches the caller; a failure later is recorded on the rebuild and logged.
 */
export async function startProjectionRebuild(runtime: Runtime, name: string, by: string): Promise<void> {
  const run = await prepareRebuild(runtime, name, by)
  runtime.log.info('support started a view rebuild', { projection: name, by })
  run().then(
    (done) => runtime.log.info('view rebuilt', { projection: name, events: done.eventsDone, seconds: done.seconds }),
    (error: unknown) => runtime.log.error('view rebuild failed', { projection: name, error }),
  )
}

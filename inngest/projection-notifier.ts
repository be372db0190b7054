import type { AppConfig } from '../app.config.ts'
import type { ProjectionRunner } from '../events/projections/projection-runner.ts'
import type { AppendedNotice } from '../events/store/event-store.ts'
import type { Logger } from '../server/logger.ts'
import { createInngestClient, eventsAppendedEvent, type InngestClient } from './client.ts'

export type ProjectionNotifier = {
  mode: 'in-process' | 'inngest'
  inngest: InngestClient | undefined
  eventsAppended: (notice: AppendedNotice) => void
  start: () => void
  stop: () => void
}

/**
 * Tells the projectors that the log grew. With Inngest configured it sends a wake-up event (a lost
 * one is covered by the cron function); without it the projectors run in this process right after
 * the append, plus a poll that covers appends by other processes and events held back by a
 * transaction that was still open.
 */
export function createProjectionNotifier(options: {
  config: AppConfig
  projections: ProjectionRunner
  log: Logger
}): ProjectionNotifier {
  const { config, projections, log } = options
  if (config.inngest) {
    const inngest = createInngestClient(config.inngest)
    return {
      mode: 'inngest',
      inngest,
      eventsAppended: (notice) => {
        inngest
          .send({ name: eventsAppendedEvent, data: { streamId: notice.streamId, globalPositions: notice.globalPositions } })
          .catch((error: unknown) => log.warn('could not wake the projectors through Inngest; the cron run will catch up', { error }))
      },
      start: () => {},
      stop: () => {},
    }
  }
  let timer: NodeJS.Timeout | undefined
  return {
    mode: 'in-process',
    inngest: undefined,
    eventsAppended: () => projections.wake(),
    start: () => {
      timer ??= setInterval(() => projections.wake(), config.projections.pollMs)
      timer.unref()
    },
    stop: () => {
      clearInterval(timer)
      timer = undefined
    },
  }
}

import type { AppConfig } from '#app.config.ts'
import type { Logger } from '#server/logger.ts'
import { createInngestClient, type InngestClient } from './client.ts'

/**
 * Work that runs after a commit, away from the request: projector catch-ups, mail delivery,
 * webhook processing. Each job is idempotent and reads its own backlog from the database, so a
 * wake-up is only a hint and running it twice is harmless.
 */
export type BackgroundJob = {
  /** Stable id; also the Inngest function id. */
  id: string
  name: string
  /** The Inngest event that wakes the job; several jobs may share one. */
  wakeEvent: string
  /** Inngest cron fallback for lost wake-ups. */
  cron: string
  /** Inngest allows 0 to 20. */
  retries?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10
  run: () => Promise<unknown>
}

export type JobScheduler = {
  mode: 'in-process' | 'inngest'
  inngest: InngestClient | undefined
  /** Asks for the jobs woken by this event to run soon. Never throws. */
  wake: (event: string, data?: Record<string, unknown>) => void
  /**
   * In-process: resolves once nothing woken so far is still running or queued (only the jobs whose
   * id starts with `prefix`, when given). With Inngest it resolves at once: views are eventual there.
   */
  settled: (prefix?: string) => Promise<void>
  start: () => void
  stop: () => void
  jobs: readonly BackgroundJob[]
}

/**
 * With Inngest configured a wake-up is an Inngest event (its functions run the jobs, with retries
 * and a cron fallback, visible in Inngest's UI). Without it the jobs run in this process right
 * away, and a poll covers work queued by other processes or held back by an open transaction.
 */
export function createJobScheduler(options: {
  config: AppConfig
  jobs: readonly BackgroundJob[]
  log: Logger
}): JobScheduler {
  const { config, jobs, log } = options
  if (config.inngest) {
    const inngest = createInngestClient(config.inngest)
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
      settled: async () => {},
      start: () => {},
      stop: () => {},
    }
  }

  const running = new Map<string, Promise<void>>()
  const again = new Set<string>()
  const runSoon = (job: BackgroundJob) => {
    if (running.has(job.id)) {
      again.add(job.id)
      return
    }
    const loop = (async () => {
      do {
        again.delete(job.id)
        try {
          await job.run()
        } catch (error) {
          log.error('background job failed; the next wake-up or poll retries it', { job: job.id, error })
        }
      } while (again.has(job.id))
    })().finally(() => running.delete(job.id))
    running.set(job.id, loop)
  }
  let timer: NodeJS.Timeout | undefined
  return {
    mode: 'in-process',
    inngest: undefined,
    jobs,
    wake: (event) => {
      for (const job of jobs) if (job.wakeEvent === event) runSoon(job)
    },
    settled: async (prefix = '') => {
      const pending = () => [...running.entries()].filter(([id]) => id.startsWith(prefix)).map(([, run]) => run)
      for (let waiting = pending(); waiting.length > 0; waiting = pending()) await Promise.all(waiting)
    },
    start: () => {
      timer ??= setInterval(() => jobs.forEach(runSoon), config.projections.pollMs)
      timer.unref()
    },
    stop: () => {
      clearInterval(timer)
      timer = undefined
    },
  }
}

import type { Logger } from '#server/logger.ts'
import type { BackgroundJob, JobScheduler } from './background-job.ts'

/**
 * Runs woken jobs in this process, one run of each job at a time (a wake-up during a run queues
 * one more), and every job on each poll.
 */
export function createInProcessScheduler(options: {
  pollMs: number
  jobs: readonly BackgroundJob[]
  log: Logger
}): JobScheduler {
  const { pollMs, jobs, log } = options
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
      timer ??= setInterval(() => jobs.forEach(runSoon), pollMs)
      timer.unref()
    },
    stop: () => {
      clearInterval(timer)
      timer = undefined
    },
  }
}

import type { Logger } from '#server/logger.ts'
import type { BackgroundJob, JobScheduler } from './background-job.ts'

/** A job's runs, one after another while it is woken: how many have started and finished, and who waits for which. */
type Loop = {
  done: Promise<void>
  started: number
  finished: number
  waiters: { run: number; resolve: () => void }[]
}

/**
 * Runs woken jobs in this process, one run of each job at a time (a wake-up during a run, or while
 * it gathers, queues one more), and every job on each poll. A job with `gatherMs` waits that long
 * before each run, and every wake-up in the meantime joins it.
 */
export function createInProcessScheduler(options: {
  pollMs: number
  jobs: readonly BackgroundJob[]
  log: Logger
}): JobScheduler {
  const { pollMs, jobs, log } = options
  const running = new Map<string, Loop>()
  const again = new Set<string>()
  const runSoon = (job: BackgroundJob) => {
    if (running.has(job.id)) {
      again.add(job.id)
      return
    }
    const loop: Loop = { done: Promise.resolve(), started: 0, finished: 0, waiters: [] }
    loop.done = (async () => {
      do {
        if (job.gatherMs) await new Promise((resolve) => setTimeout(resolve, job.gatherMs))
        again.delete(job.id)
        loop.started += 1
        try {
          await job.run()
        } catch (error) {
          log.error('background job failed; the next wake-up or poll retries it', { job: job.id, error })
        }
        loop.finished += 1
        const due = loop.waiters.filter((waiter) => waiter.run <= loop.finished)
        loop.waiters = loop.waiters.filter((waiter) => waiter.run > loop.finished)
        for (const waiter of due) waiter.resolve()
      } while (again.has(job.id))
    })().finally(() => {
      running.delete(job.id)
      for (const waiter of loop.waiters) waiter.resolve()
    })
    running.set(job.id, loop)
  }
  const loopsOf = (prefix: string) => [...running.entries()].filter(([id]) => id.startsWith(prefix))
  let timer: NodeJS.Timeout | undefined
  return {
    mode: 'in-process',
    inngest: undefined,
    jobs,
    wake: (event) => {
      for (const job of jobs) if (job.wakeEvent === event) runSoon(job)
    },
    settled: async (prefix = '') => {
      for (let waiting = loopsOf(prefix); waiting.length > 0; waiting = loopsOf(prefix))
        await Promise.all(waiting.map(([, loop]) => loop.done))
    },
    caughtUp: async (prefix = '') => {
      // The first run to start from now on reads what was committed before; one already under way
      // may not have, and a wake-up during it queued the next (or the loop ends, having seen it).
      await Promise.all(
        loopsOf(prefix).map(
          ([, loop]) => new Promise<void>((resolve) => loop.waiters.push({ run: loop.started + 1, resolve })),
        ),
      )
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

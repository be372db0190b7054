import type { InngestClient } from './inngest-client.ts'

/**
 * Work that runs after a commit, away from the request: projector catch-ups, mail delivery,
 * webhook processing, clean-ups. Each job is idempotent and reads its own backlog from the
 * database, so a wake-up is only a hint and running it twice is harmless. Services define jobs as
 * plain objects; the scheduler runs them in-process, or inngest/ serves them as Inngest functions.
 */
export type BackgroundJob = {
  /** Stable id; also the Inngest function id. */
  id: string
  name: string
  /** The event that wakes the job; several jobs may share one. None: only the cron (or the poll) runs it. */
  wakeEvent?: string
  /** Inngest cron fallback for lost wake-ups (in-process, a poll runs every job instead). */
  cron: string
  /** Inngest allows 0 to 20. */
  retries?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10
  /**
   * In-process: how long each run waits, once woken, for the commits that follow to wake it too, so
   * that one run serves them all. None: a woken run starts at once.
   */
  gatherMs?: number
  run: () => Promise<unknown>
}

export type JobScheduler = {
  mode: 'in-process' | 'inngest'
  /** The client the `/api/inngest` endpoint serves the jobs with; undefined in-process. */
  inngest: InngestClient | undefined
  /** Asks for the jobs woken by this event to run soon. Never throws. */
  wake: (event: string, data?: Record<string, unknown>) => void
  /**
   * In-process: resolves once nothing woken so far is still running or queued (only the jobs whose
   * id starts with `prefix`, when given). With Inngest it resolves at once: views are eventual there.
   */
  settled: (prefix?: string) => Promise<void>
  /**
   * In-process: resolves once each job (whose id starts with `prefix`) running, gathering or queued
   * now has finished a run that started after this call, or has stopped: what was committed before
   * the call has been applied. Unlike `settled`, wake-ups after the call are not waited for, so a
   * steady stream of commits cannot hold it back. With Inngest it resolves at once.
   */
  caughtUp: (prefix?: string) => Promise<void>
  start: () => void
  stop: () => void
  jobs: readonly BackgroundJob[]
}

import { describe, expect, it } from 'vitest'
import type { BackgroundJob } from '#server/jobs/background-job.ts'
import { createInProcessScheduler } from '#server/jobs/in-process-scheduler.ts'
import { createLogger } from '#server/logger.ts'

const wakeEvent = 'test/woken'

/** A job counting its runs; after `holdRuns`, each waits to be released. */
function countingJob(gatherMs?: number) {
  let runs = 0
  let release: (() => void) | undefined
  let hold = false
  const job: BackgroundJob = {
    id: 'counting',
    name: 'counts its runs',
    wakeEvent,
    cron: '* * * * *',
    ...(gatherMs === undefined ? {} : { gatherMs }),
    run: async () => {
      runs += 1
      if (hold) await new Promise<void>((resolve) => (release = resolve))
    },
  }
  return {
    job,
    runs: () => runs,
    holdRuns: () => (hold = true),
    /** Lets the run under way finish; the next is held again. */
    releaseRun: () => release?.(),
    /** Lets the run under way finish, and holds no more. */
    releaseAll: () => {
      hold = false
      release?.()
    },
  }
}

/** The next turn of the event loop: before any timer set now can fire, however slow the machine. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

const schedulerOf = (job: BackgroundJob) =>
  createInProcessScheduler({ pollMs: 60_000, jobs: [job], log: createLogger('silent') })

describe('the in-process scheduler', () => {
  it('starts a job without a gathering time at once', async () => {
    const counting = countingJob()
    const scheduler = schedulerOf(counting.job)
    scheduler.wake(wakeEvent)
    expect(counting.runs()).toBe(1)
    await scheduler.settled()
    expect(counting.runs()).toBe(1)
  })

  it('serves every wake-up of the gathering time with one run, and settles after it', async () => {
    const counting = countingJob(40)
    const scheduler = schedulerOf(counting.job)
    scheduler.wake(wakeEvent)
    expect(counting.runs()).toBe(0)
    await nextTurn()
    for (let wake = 0; wake < 5; wake += 1) scheduler.wake(wakeEvent)
    await scheduler.settled()
    expect(counting.runs()).toBe(1)
  })

  it('runs once more, gathering again, for all the wake-ups during a run', async () => {
    const counting = countingJob(20)
    const scheduler = schedulerOf(counting.job)
    counting.holdRuns()
    scheduler.wake(wakeEvent)
    await expect.poll(() => counting.runs()).toBe(1)
    for (let wake = 0; wake < 3; wake += 1) scheduler.wake(wakeEvent)
    counting.releaseAll()
    // The next run waits its gathering time: a wake-up now still joins it.
    await nextTurn()
    expect(counting.runs()).toBe(1)
    scheduler.wake(wakeEvent)
    await scheduler.settled()
    expect(counting.runs()).toBe(2)
  })

  it('is caught up once a run that started after the question ends, while others keep waking it', async () => {
    const counting = countingJob()
    const scheduler = schedulerOf(counting.job)
    counting.holdRuns()
    scheduler.wake(wakeEvent)
    let caughtUp = false
    let settled = false
    void scheduler.caughtUp().then(() => (caughtUp = true))
    void scheduler.settled().then(() => (settled = true))
    // Someone else commits during each run: the job never stops while this goes on.
    scheduler.wake(wakeEvent)
    counting.releaseRun()
    await expect.poll(() => counting.runs()).toBe(2)
    scheduler.wake(wakeEvent)
    await nextTurn()
    // The first run was under way when asked and may have missed a commit: the second is waited for.
    expect(caughtUp).toBe(false)
    counting.releaseRun()
    await expect.poll(() => caughtUp).toBe(true)
    expect(counting.runs()).toBe(3)
    // `settled` waits for every wake-up, so it waits on while they come.
    expect(settled).toBe(false)
    counting.releaseAll()
    await expect.poll(() => settled).toBe(true)
  })

  it('waits for the run after the one under way when woken during it', async () => {
    const counting = countingJob()
    const scheduler = schedulerOf(counting.job)
    counting.holdRuns()
    scheduler.wake(wakeEvent)
    scheduler.wake(wakeEvent)
    let caughtUp = false
    void scheduler.caughtUp().then(() => (caughtUp = true))
    counting.releaseRun()
    await expect.poll(() => counting.runs()).toBe(2)
    counting.releaseAll()
    await scheduler.caughtUp()
    expect(caughtUp).toBe(true)
    expect(counting.runs()).toBe(2)
  })

  it('is caught up at once when nothing is running, gathering or queued', async () => {
    const counting = countingJob(1_000)
    const scheduler = schedulerOf(counting.job)
    await scheduler.caughtUp()
    expect(counting.runs()).toBe(0)
  })
})

/** A clock and `setTimeout` answering a function that cancels the timer: tests pass their own. */
export type Timers = { now: () => number; setTimeout: (run: () => void, ms: number) => () => void }

export const systemTimers: Timers = {
  now: Date.now,
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
}

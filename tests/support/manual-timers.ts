/** A clock and timers a test moves by hand; `setTimeout` answers a function that cancels the timer. */
export function manualTimers() {
  let now = 0
  const due: { at: number; run: () => void }[] = []
  return {
    timers: {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => {
        const timer = { at: now + ms, run }
        due.push(timer)
        return () => {
          const index = due.indexOf(timer)
          if (index >= 0) due.splice(index, 1)
        }
      },
    },
    /** Timers still to run: a Node process with one left does not exit until it ran. */
    pending: () => due.length,
    advance(ms: number) {
      now += ms
      for (const timer of due.filter((one) => one.at <= now)) {
        due.splice(due.indexOf(timer), 1)
        timer.run()
      }
    },
  }
}

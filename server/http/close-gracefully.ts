/** `setTimeout` answers a function that cancels the timer. */
type Timers = { setTimeout: (run: () => void, ms: number) => () => void }

const systemTimers: Timers = {
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
}

/**
 * Closes a server, letting the answers in flight finish for at most `boundMs`, then cutting the
 * connections left (`close(true)`). Resolves once the close finished, however it ended. The
 * bound's timer is cleared as soon as the close finishes: left pending, it would keep the stopped
 * process alive until it fired.
 */
export async function closeGracefully(
  close: (force: boolean) => Promise<void>,
  boundMs: number,
  timers: Timers = systemTimers,
): Promise<void> {
  let forced: Promise<void> | undefined
  const cancelBound = timers.setTimeout(() => {
    forced = close(true)
  }, boundMs)
  try {
    await close(false)
  } finally {
    cancelBound()
  }
  await forced
}

import { systemTimers, type Timers } from './cancellable-timers.ts'

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
    // Awaited below once the graceful close ends; until then a failure must not go unhandled.
    forced.catch(() => undefined)
  }, boundMs)
  try {
    await close(false)
  } finally {
    cancelBound()
  }
  await forced
}

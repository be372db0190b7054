/**
 * A replica behind a proxy that routes by health checks (deploy/Caddyfile polls /api/health every
 * 2 s) must not stop listening before the proxy knows it is stopping: a request the proxy sends to
 * a closed port is refused, and Caddy 2.6 answers a POST it cannot send elsewhere 502 (decision
 * 0103). So a stop first answers the health checks 503, keeps serving until each address that was
 * polling them was told, and only then closes the listener.
 */

/** An address that checked health twice within this window before the stop is a proxy polling it. */
const pollWindowMs = 10_000
/** After the last poller was told, time for it to take the replica out of its pool. */
const settleMs = 500
/** The longest a stop keeps serving new requests, whoever did not poll in time. */
export const handoverLimitMs = 10_000

/** `setTimeout` answers a function that cancels the timer. */
type Timers = { now: () => number; setTimeout: (run: () => void, ms: number) => () => void }

const systemTimers: Timers = {
  now: Date.now,
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
}

export function createStopHandover(timers: Timers = systemTimers) {
  /** The last two health checks of each address, while serving. */
  const checks = new Map<string, [number, number?]>()
  let stopping: { pollers: Set<string>; handedOver: Promise<undefined>; release: () => void } | undefined

  const releaseSoon = () => timers.setTimeout(() => stopping?.release(), settleMs)

  return {
    stopping: () => stopping !== undefined,
    /** A health check from `address` (answered 503 once stopping). */
    noteHealthCheck(address: string) {
      const now = timers.now()
      if (!stopping) {
        const [last] = checks.get(address) ?? []
        checks.set(address, [now, last])
        for (const [other, [latest]] of checks) if (now - latest > pollWindowMs) checks.delete(other)
        return
      }
      if (stopping.pollers.delete(address) && stopping.pollers.size === 0) releaseSoon()
    },
    /** The stop began: from now on the health checks answer 503. Safe to call again. */
    begin() {
      if (stopping) return
      const now = timers.now()
      const pollers = new Set(
        [...checks]
          .filter(([, [, before]]) => before !== undefined && now - before <= pollWindowMs)
          .map(([address]) => address),
      )
      const told: { release: () => void } = { release: () => undefined }
      const handedOver = new Promise<undefined>((resolve) => {
        told.release = () => resolve(undefined)
      })
      // Once handed over the limit is moot: a timer left pending would keep the stopped process
      // alive until it fired, the limit's full 10 s after the signal.
      let cancelLimit: () => void = () => undefined
      const release = () => {
        cancelLimit()
        told.release()
      }
      stopping = { pollers, handedOver, release }
      if (pollers.size === 0) release()
      else cancelLimit = timers.setTimeout(release, handoverLimitMs)
    },
    /** Resolves once every poller was told the replica is stopping (at once when none polls). */
    handedOver: (): Promise<undefined> => stopping?.handedOver ?? Promise.resolve(undefined),
  }
}

type StopHandover = ReturnType<typeof createStopHandover>

// On globalThis: the server's entry and the nitro plugin answering the health checks must share one.
const holder = globalThis as typeof globalThis & { __interviewHelperStopHandover?: StopHandover }

export function stopHandover(): StopHandover {
  return (holder.__interviewHelperStopHandover ??= createStopHandover())
}

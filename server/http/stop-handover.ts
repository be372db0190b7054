import { pollCycle, type PollCycle } from './poll-cycle.ts'
import { systemTimers, type Timers } from './cancellable-timers.ts'

/**
 * A replica behind a proxy that routes by health checks (deploy/Caddyfile polls /api/health every
 * 2 s) must not stop listening before the proxy knows it is stopping: a request the proxy sends to
 * a closed port is refused, and Caddy 2.6 answers a POST it cannot send elsewhere 502 (decision
 * 0103). So a stop first answers the health checks 503, keeps serving until each address that was
 * polling them was told, and only then closes the listener.
 *
 * One address may be several checkers, each with its own view of the replica: Caddy runs one per
 * `reverse_proxy` block, and they send identical requests (decision 0138). An address counts as
 * told once it was answered 503 as many times as it checks per cycle, or a whole cycle after its
 * first 503, whichever comes first: by then each of its checkers has seen one.
 */

/** An address that checked health twice within this window before the stop is a proxy polling it. */
const pollWindowMs = 10_000
/** The checks kept per address: more than any proxy makes within the window. */
const keptChecks = 200
/** After the last poller was told, time for it to take the replica out of its pool. */
const settleMs = 500
/** The longest a stop keeps serving new requests, whoever did not poll in time. */
export const handoverLimitMs = 10_000

/** A polling address while stopping: how many 503s it has had, since when. */
type Poller = PollCycle & { told: number; cancelCycle?: () => void }

export function createStopHandover(timers: Timers = systemTimers) {
  /** The times of each address's recent health checks, oldest first, while serving. */
  const checks = new Map<string, number[]>()
  let stopping:
    { pollers: Map<string, Poller>; handedOver: Promise<undefined>; release: () => void; settling: boolean } | undefined

  let cancelSettle: () => void = () => undefined
  const told = (address: string) => {
    if (!stopping) return
    stopping.pollers.get(address)?.cancelCycle?.()
    stopping.pollers.delete(address)
    if (stopping.pollers.size > 0 || stopping.settling) return
    stopping.settling = true
    const { release } = stopping
    cancelSettle = timers.setTimeout(release, settleMs)
  }

  return {
    stopping: () => stopping !== undefined,
    /** A health check from `address` (answered 503 once stopping). */
    noteHealthCheck(address: string) {
      const now = timers.now()
      if (!stopping) {
        const times = [...(checks.get(address) ?? []), now].slice(-keptChecks)
        checks.set(address, times)
        for (const [other, seen] of checks) {
          const recent = seen.filter((at) => now - at <= pollWindowMs)
          if (recent.length === 0) checks.delete(other)
          else checks.set(other, recent)
        }
        return
      }
      const poller = stopping.pollers.get(address)
      if (!poller) return
      poller.told += 1
      if (poller.told >= poller.checksPerCycle) told(address)
      else if (poller.told === 1) poller.cancelCycle = timers.setTimeout(() => told(address), poller.cycleMs)
    },
    /** The stop began: from now on the health checks answer 503. Safe to call again. */
    begin() {
      if (stopping) return
      const now = timers.now()
      const pollers = new Map<string, Poller>()
      for (const [address, times] of checks) {
        const cycle = pollCycle(times.filter((at) => now - at <= pollWindowMs))
        if (cycle) pollers.set(address, { ...cycle, told: 0 })
      }
      const done: { release: () => void } = { release: () => undefined }
      const handedOver = new Promise<undefined>((resolve) => {
        done.release = () => resolve(undefined)
      })
      // Once handed over the limit is moot: a timer left pending would keep the stopped process
      // alive until it fired, the limit's full 10 s after the signal.
      let cancelLimit: () => void = () => undefined
      const release = () => {
        cancelLimit()
        cancelSettle()
        for (const poller of pollers.values()) poller.cancelCycle?.()
        done.release()
      }
      stopping = { pollers, handedOver, release, settling: false }
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

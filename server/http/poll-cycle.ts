/**
 * How an address polls the health checks, read from the times of its checks. One proxy may run
 * several checkers from one address (Caddy runs one per `reverse_proxy` block, each on its own
 * timer, all sending the same request), so the address's checks come in bursts: the checkers whose
 * timers tick together, within milliseconds of each other.
 */
export type PollCycle = {
  /** The checks the address makes per cycle: one per checker. */
  checksPerCycle: number
  /**
   * Within how long after one of its checks each of its checkers checks too: its cycle, the
   * shortest lag after which its bursts recur; when they did not recur alike, the longest pause
   * between two bursts; after a single burst, whose checkers tick together, the burst's bound.
   */
  cycleMs: number
}

/** Checks this close together are one tick of checkers running in step (or nearly: a busy host delays some). */
export const burstMs = 500

type Burst = { at: number; count: number }

/** `times` ascending; undefined for fewer than two checks (no poller). */
export function pollCycle(times: readonly number[]): PollCycle | undefined {
  if (times.length < 2) return undefined
  const bursts = burstsOf(times)
  const last = bursts.at(-1)
  if (!last || bursts.length === 1) return { checksPerCycle: last?.count ?? times.length, cycleMs: burstMs }
  // The cycle is the shortest lag after which every burst recurs with as many checks: with
  // checkers out of step, the lag to the next burst is shorter than the cycle.
  const cycleMs = bursts
    .slice(1)
    .map((burst) => burst.at - (bursts[0]?.at ?? 0))
    .find((lag) => recursAfter(bursts, lag))
  // Bursts that did not recur alike (a checker added or gone, a burst split by a stall): every
  // check seen may be another checker, and any of them has checked within the longest pause.
  if (cycleMs === undefined) return { checksPerCycle: times.length, cycleMs: longestPause(bursts) }
  const checksPerCycle = bursts
    .filter((burst) => burst.at > last.at - cycleMs + burstMs)
    .reduce((sum, burst) => sum + burst.count, 0)
  return { checksPerCycle, cycleMs }
}

function burstsOf(times: readonly number[]): Burst[] {
  const bursts: Burst[] = []
  let previous: number | undefined
  for (const at of times) {
    const current = bursts.at(-1)
    if (current && previous !== undefined && at - previous <= burstMs) current.count += 1
    else bursts.push({ at, count: 1 })
    previous = at
  }
  return bursts
}

function recursAfter(bursts: readonly Burst[], lag: number): boolean {
  const last = bursts.at(-1)?.at ?? 0
  return bursts
    .filter((burst) => burst.at + lag <= last + burstMs)
    .every((burst) =>
      bursts.some((later) => Math.abs(later.at - (burst.at + lag)) <= burstMs && later.count === burst.count),
    )
}

function longestPause(bursts: readonly Burst[]): number {
  return Math.max(...bursts.slice(1).map((burst, index) => burst.at - (bursts[index]?.at ?? burst.at)))
}

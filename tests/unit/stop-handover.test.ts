import { describe, expect, it } from 'vitest'
import { manualTimers } from '#tests/support/manual-timers.ts'
import { createStopHandover, handoverLimitMs } from '#server/http/stop-handover.ts'

/** Whether the promise settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<void>) {
  let done = false
  void promise.then(() => {
    done = true
  })
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

/** Each address checks twice, 2 s apart, as a proxy polling every 2 s does before a stop. */
function polledBy(
  handover: ReturnType<typeof createStopHandover>,
  clock: ReturnType<typeof manualTimers>,
  addresses: readonly string[],
): void {
  for (const address of addresses) handover.noteHealthCheck(address)
  clock.advance(2_000)
  for (const address of addresses) handover.noteHealthCheck(address)
}

describe('the stop handover', () => {
  it('closes at once when nothing polls the health checks', async () => {
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    // One check now and then (a container's own health check every 15 s) is not a proxy routing by it.
    handover.noteHealthCheck('127.0.0.1')
    clock.advance(15_000)
    handover.noteHealthCheck('127.0.0.1')
    handover.begin()
    expect(handover.stopping()).toBe(true)
    expect(await settled(handover.handedOver())).toBe(true)
  })

  it('keeps serving until each polling proxy was answered 503, then a moment for it to act', async () => {
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    polledBy(handover, clock, ['10.0.0.5', '10.0.0.6'])
    clock.advance(1_000)
    handover.begin()
    const handedOver = handover.handedOver()
    clock.advance(1_000)
    handover.noteHealthCheck('10.0.0.5')
    clock.advance(1_000)
    expect(await settled(handedOver)).toBe(false)
    handover.noteHealthCheck('10.0.0.6')
    expect(await settled(handedOver)).toBe(false)
    clock.advance(500)
    expect(await settled(handedOver)).toBe(true)
  })

  it('leaves no timer behind once handed over, so the process exits as soon as its work is done', async () => {
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    polledBy(handover, clock, ['10.0.0.5'])
    handover.begin()
    clock.advance(1_000)
    handover.noteHealthCheck('10.0.0.5')
    clock.advance(500)
    expect(await settled(handover.handedOver())).toBe(true)
    // The limit (10 s from the signal) is moot once the proxy was told: left pending, it would keep
    // the stopped server's process alive until it fired.
    expect(clock.pending()).toBe(0)
  })

  it('stops waiting for a proxy that never checks again', async () => {
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    polledBy(handover, clock, ['10.0.0.5'])
    handover.begin()
    clock.advance(handoverLimitMs - 1)
    expect(await settled(handover.handedOver())).toBe(false)
    clock.advance(1)
    expect(await settled(handover.handedOver())).toBe(true)
  })
})

describe('the stop handover with several checkers behind one address', () => {
  /** Checks from one address at each time given (one per checker ticking then). */
  const checkAt = (clock: ReturnType<typeof manualTimers>, handover: ReturnType<typeof createStopHandover>) => {
    let now = 0
    return (at: number, checkers = 1) => {
      clock.advance(at - now)
      now = at
      for (let checker = 0; checker < checkers; checker += 1) handover.noteHealthCheck('10.0.0.5')
    }
  }

  it('keeps serving until a checker out of step with the others was answered 503 too', async () => {
    // Caddy runs one checker per reverse_proxy block: four tick together, a fifth a second later.
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    const check = checkAt(clock, handover)
    check(0, 4)
    check(1_000)
    check(2_000, 4)
    check(3_000)
    check(3_500, 0)
    handover.begin()
    const handedOver = handover.handedOver()
    // The four in step are told; the fifth still routes here until its next check.
    check(4_000, 4)
    check(4_900, 0)
    expect(await settled(handedOver)).toBe(false)
    check(5_000)
    check(5_499, 0)
    expect(await settled(handedOver)).toBe(false)
    check(5_500, 0)
    expect(await settled(handedOver)).toBe(true)
    expect(clock.pending()).toBe(0)
  })

  it('waits one cycle after the first 503 for a checker that never checks again', async () => {
    const clock = manualTimers()
    const handover = createStopHandover(clock.timers)
    const check = checkAt(clock, handover)
    check(0, 4)
    check(2_000, 4)
    check(3_000, 0)
    handover.begin()
    const handedOver = handover.handedOver()
    // Three of the four check again; the fourth had its chance within the cycle, 2 s.
    check(4_000, 3)
    check(6_000, 0)
    check(6_499, 0)
    expect(await settled(handedOver)).toBe(false)
    check(6_500, 0)
    expect(await settled(handedOver)).toBe(true)
    expect(clock.pending()).toBe(0)
  })
})
